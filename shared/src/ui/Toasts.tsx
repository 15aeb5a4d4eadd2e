import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { bus, type BusEventOf } from '@invest/runtime';
import { toastPlace } from './bottomControls';
import s from './kit.module.css';

type ToastEvent = BusEventOf<'toast'>;
/** `until`: when it goes (epoch ms); `carried`: it came from the page before, so it has had its page load. */
type Toast = ToastEvent & { id: number; until: number; carried: boolean };
const TOAST_MS = 2600;
/** How often a showing toast looks again at what the screen pins to its bottom (the screen may change under it). */
const PLACE_MS = 300;

/** Show a short message from any app; the page's ToastHost (in the shell, or a standalone remote) renders it. */
export function toast(message: string, tone: Toast['tone'] = 'info'): void {
  bus.publish({ type: 'toast', message, tone });
}

let nextId = 1;

/**
 * A confirmation still showing when the page goes away for another page load (the standalone login page's "Login
 * successful" before home) shows on the next page of the tab: sessionStorage, read once by the next ToastHost. It
 * gets its full time there (a slow phone may take seconds to start the next page), unless that page comes too late
 * to be its sequel. It is carried once: on the next page it is that page's news no more, and a reload is the same
 * page again, never a sequel. Errors and notes are about the page being left, so they stay with it.
 */
const CARRIED_KEY = 'toasts';
const CARRY_MAX_MS = 15_000;
/** A carried confirmation, and when its page was left (epoch ms). */
type Carried = { message: string; left: number };
const isCarried = (v: unknown): v is Carried =>
  typeof v === 'object' && v !== null && typeof (v as Carried).message === 'string' && Number.isFinite((v as Carried).left);

const isReload = () =>
  typeof performance.getEntriesByType === 'function' &&
  performance.getEntriesByType('navigation').some((e) => (e as PerformanceNavigationTiming).type === 'reload');

function takeCarried(): Carried[] {
  try {
    const raw = sessionStorage.getItem(CARRIED_KEY);
    sessionStorage.removeItem(CARRIED_KEY);
    const list: unknown = raw && !isReload() ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter(isCarried).filter((c) => Date.now() - c.left < CARRY_MAX_MS) : [];
  } catch {
    return []; // storage disabled or a garbled entry: nothing to carry
  }
}

function carry(toasts: readonly Toast[]): void {
  const left = Date.now();
  const confirmations: Carried[] = toasts
    .filter((x) => x.tone === 'success' && !x.carried && x.until > left)
    .map(({ message }) => ({ message, left }));
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
  const update = useCallback((change: (list: Toast[]) => Toast[]) => {
    current.current = change(current.current);
    setToasts(current.current);
  }, []);

  useEffect(() => {
    const show = (e: ToastEvent, carried = false) => {
      const item = { ...e, id: nextId++, until: Date.now() + TOAST_MS, carried };
      // A repeated tap must not stack the same message.
      update((list) => [...list.filter((x) => x.message !== e.message), item].slice(-3));
    };
    const sub = bus.on('toast').subscribe((e) => show(e));
    takeCarried().forEach(({ message }) => show({ type: 'toast', message, tone: 'success' }, true));
    const leave = () => carry(current.current);
    window.addEventListener('pagehide', leave);
    return () => {
      sub.unsubscribe();
      window.removeEventListener('pagehide', leave);
    };
  }, [update]);

  // The timer belongs to the list, not to the effect that added a toast: an effect run again (StrictMode, a
  // remount) must not leave a toast on screen for good, to be carried into every page after.
  useEffect(() => {
    if (!toasts.length) return;
    const next = Math.min(...toasts.map((x) => x.until));
    const timer = setTimeout(() => update((list) => list.filter((x) => x.until > Date.now())), next - Date.now());
    return () => clearTimeout(timer);
  }, [toasts, update]);

  // Clear of what the screen pins to its bottom and of an open dialog: measured before a new toast paints, then again while toasts show,
  // since a confirmation is often followed by the next screen (with or without the nav). A new toast appears in its
  // place at once: sliding there from where the last page's toast sat would pass over the controls it must clear.
  const box = useRef<HTMLDivElement>(null);
  const newest = toasts.at(-1)?.id;
  useLayoutEffect(() => {
    const el = box.current;
    if (newest === undefined || !el) return;
    const place = () => {
      const at = toastPlace();
      el.dataset.edge = at.edge;
      if (at.edge === 'bottom') el.style.setProperty('--toast-inset', `${at.inset}px`);
    };
    el.style.transition = 'none';
    place();
    void getComputedStyle(el).bottom; // applies the new place before the transition comes back
    el.style.transition = '';
    const timer = setInterval(place, PLACE_MS);
    return () => clearInterval(timer);
  }, [newest]);

  return (
    <div ref={box} className={s.toasts} aria-live="polite">
      {toasts.map((x) => (
        <div key={x.id} role={x.tone === 'error' ? 'alert' : 'status'} className={`${s.toast} ${s[`toast_${x.tone}`]}`}>
          {x.message}
        </div>
      ))}
    </div>
  );
}
