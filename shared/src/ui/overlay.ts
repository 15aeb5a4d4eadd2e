import { useEffect, useId } from 'react';
import { bus } from '@invest/runtime';

/** Tells the shell a dialog overlay is open (it hides the bottom nav) for as long as the caller is mounted. */
export function useOverlay(open: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!open) return;
    bus.publish({ type: 'overlay', open: true, id });
    return () => bus.publish({ type: 'overlay', open: false, id });
  }, [open, id]);
}
