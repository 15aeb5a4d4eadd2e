import { useEffect, useState } from 'react';
import { bus, type BusEventOf } from '../bus';
import s from './kit.module.css';

type Toast = BusEventOf<'toast'> & { id: number };
const TOAST_MS = 2600;

/** Show a short message from any app; the page's ToastHost (in the shell, or a standalone remote) renders it. */
export function toast(message: string, tone: Toast['tone'] = 'info'): void {
  bus.publish({ type: 'toast', message, tone });
}

let nextId = 1;

export function ToastHost() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const sub = bus.on('toast').subscribe((e) => {
      const item = { ...e, id: nextId++ };
      // A repeated tap must not stack the same message.
      setToasts((list) => [...list.filter((x) => x.message !== e.message), item].slice(-3));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((list) => list.filter((x) => x.id !== item.id));
      }, TOAST_MS);
      timers.add(timer);
    });
    return () => {
      sub.unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, []);
  return (
    <div className={s.toasts} aria-live="polite">
      {toasts.map((x) => (
        <div key={x.id} role={x.tone === 'error' ? 'alert' : 'status'} className={`${s.toast} ${s[`toast_${x.tone}`]}`}>
          {x.message}
        </div>
      ))}
    </div>
  );
}
