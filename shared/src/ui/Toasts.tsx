import { useEffect, useRef, useState } from 'react';
import { bus, type BusEventOf } from '../bus';
import s from './kit.module.css';

type ToastEvent = BusEventOf<'toast'>;
type Toast = ToastEvent & { id: number };
const TOAST_MS = 2600;

/** Show a short message from any app; the page's ToastHost (in the shell, or a standalone remote) renders it. */
export function toast(message: string, tone: Toast['tone'] = 'info'): void {
  bus.publish({ type: 'toast', message, tone });
}

let nextId = 1;

/**
 * A confirmation still showing when the page goes away for another page load (the standalone login page's "Login
 * successful" before home) shows on the next page of the tab: sessionStorage, read once by the next ToastHost. It
 * gets its full time there (a slow phone may take seconds to start the next page), unless that page comes too late
 * to be its sequel. Errors and notes are about the page being left, so they stay with it.
 */
const CARRIED_KEY = 'toasts';
const CARRY_MAX_MS = 15_000;
/** A carried confirmation, and when its page was left (epoch ms). */
type Carried = { message: string; left: number };
const isCarried = (v: unknown): v is Carried =>
  typeof v === 'object' && v !== null && typeof (v as Carried).message === 'string' && Number.isFinite((v as Carried).left);

function takeCarried(): Carried[] {
  try {
    const raw = sessionStorage.getItem(CARRIED_KEY);
    sessionStorage.removeItem(CARRIED_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter(isCarried).filter((c) => Date.now() - c.left < CARRY_MAX_MS) : [];
  } catch {
    return []; // storage disabled or a garbled entry: nothing to carry
  }
}

function carry(toasts: readonly Toast[]): void {
  const left = Date.now();
  const confirmations: Carried[] = toasts.filter((x) => x.tone === 'success').map(({ message }) => ({ message, left }));
  try {
    if (confirmations.length) sessionStorage.setItem(CARRIED_KEY, JSON.stringify(confirmations));
  } catch {
    /* storage full or disabled: the message stays with this page */
  }
}

export function ToastHost() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  // The list as it is, not as last rendered: the page may be left before React renders a toast raised just before.
  const current = useRef<Toast[]>([]);
  useEffect(() => {
    const update = (change: (list: Toast[]) => Toast[]) => {
      current.current = change(current.current);
      setToasts(current.current);
    };
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const show = (e: ToastEvent) => {
      const item = { ...e, id: nextId++ };
      // A repeated tap must not stack the same message.
      update((list) => [...list.filter((x) => x.message !== e.message), item].slice(-3));
      const timer = setTimeout(() => {
        timers.delete(timer);
        update((list) => list.filter((x) => x.id !== item.id));
      }, TOAST_MS);
      timers.add(timer);
    };
    const sub = bus.on('toast').subscribe(show);
    takeCarried().forEach(({ message }) => show({ type: 'toast', message, tone: 'success' }));
    const leave = () => carry(current.current);
    window.addEventListener('pagehide', leave);
    return () => {
      sub.unsubscribe();
      window.removeEventListener('pagehide', leave);
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
