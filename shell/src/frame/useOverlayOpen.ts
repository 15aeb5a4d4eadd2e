import { useEffect, useState } from 'react';
import { bus } from '@invest/shared';

/** True while any app has a dialog overlay open. */
export function useOverlayOpen(): boolean {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const sub = bus.on('overlay').subscribe((e) =>
      setOpen((ids) => {
        const next = new Set(ids);
        if (e.open) next.add(e.id);
        else next.delete(e.id);
        return next;
      }),
    );
    return () => sub.unsubscribe();
  }, []);
  return open.size > 0;
}
