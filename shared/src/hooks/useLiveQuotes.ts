import { onlineManager, bus } from '@invest/runtime';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { API_BASE } from '../api/client';
import type { AnyCallQuery } from '../query/useCall';
import { usePollWhile } from '../query/usePollWhile';
import type { Quote } from '../contract/market';
import { QUOTE_STREAM_MAX_SYMBOLS, QUOTE_STREAM_PATH } from '../contract/values/market';

/** Spec §9: index cards and lists refresh every 5 s, the stock detail every 3 s (when the stream is unavailable). */
export const CARD_POLL_MS = 5000;
export const LIST_POLL_MS = 5000;
export const DETAIL_POLL_MS = 3000;
/** A stream that has not opened by then counts as failed. */
export const STREAM_CONNECT_TIMEOUT_MS = 6000;

/**
 * A quote event worth applying. The server builds each from the contract's Quote schema (api/src/market/views.ts);
 * this only keeps a garbled event from reaching the screen, without loading zod into every page.
 */
const isQuote = (v: unknown): v is Quote =>
  typeof v === 'object' && v !== null && typeof (v as Quote).symbol === 'string' && Number.isFinite((v as Quote).price) && typeof (v as Quote).asOf === 'number';

export type LiveMode = 'idle' | 'connecting' | 'stream' | 'polling';

/** GET /api/v2/quotes/stream?symbols=A,B — each symbol encoded, the commas kept. */
export function streamUrl(symbols: readonly string[]): string {
  return `${API_BASE}${QUOTE_STREAM_PATH}?symbols=${symbols.map(encodeURIComponent).join(',')}`;
}

/** The symbols to subscribe to, in a stable order (so re-renders do not reconnect), at most the stream's maximum. */
export function symbolKey(symbols: readonly string[]): string {
  return [...new Set(symbols.filter(Boolean))].sort().slice(0, QUOTE_STREAM_MAX_SYMBOLS).join(',');
}

/**
 * Live quotes for a screen: server-sent events (`quote` events on one EventSource for all the screen's symbols).
 * When EventSource is missing, fails or does not open in time, the screen's own queries (`poll`, the same options
 * its useQuery/useCall got) refresh every `intervalMs` instead, on TanStack's timers: paused with the app, never
 * for a 404. The first load is not repeated; a fallback after a while refreshes at once (the prices may be stale).
 * The stream is closed while the app is paused or the browser offline, and reopened on resume or reconnection.
 */
export function useLiveQuotes(
  symbols: readonly string[],
  { intervalMs, poll = [], enabled = true }: { intervalMs: number; poll?: readonly AnyCallQuery[]; enabled?: boolean },
): { quotes: Record<string, Quote>; mode: LiveMode } {
  const key = useMemo(() => symbolKey(symbols), [symbols]);
  const [quotes, setQuotes] = useState<Record<string, Quote>>({});
  const [streamMode, setMode] = useState<LiveMode>('idle');
  // Nothing to follow is idle, and a browser without EventSource polls: neither needs the stream's state.
  const mode: LiveMode = !enabled || !key ? 'idle' : typeof EventSource !== 'function' ? 'polling' : streamMode;

  useEffect(() => {
    if (!enabled || !key || typeof EventSource !== 'function') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failed = false;
    // Quotes arrive one event per symbol (a screenful at connect, then each tick): the screen takes them in one
    // render per frame, not one per symbol (on a slow phone each render of a list is tens of ms).
    let batch: Record<string, Quote> | null = null;
    let frame: number | undefined;
    const flush = () => {
      frame = undefined;
      const arrived = batch;
      batch = null;
      if (!arrived) return;
      // A transition: a screenful of new prices renders in slices, never ahead of a tap.
      startTransition(() => {
        setMode('stream');
        setQuotes((prev) => {
          const changed = Object.values(arrived).filter((q) => prev[q.symbol]?.asOf !== q.asOf || prev[q.symbol]?.price !== q.price);
          return changed.length ? { ...prev, ...Object.fromEntries(changed.map((q) => [q.symbol, q])) } : prev;
        });
      });
    };

    const close = () => {
      clearTimeout(timer);
      source?.close();
      source = null;
      if (frame !== undefined) cancelAnimationFrame(frame);
      flush();
    };
    const fail = () => {
      if (failed) return;
      failed = true;
      batch = null;
      close();
      // From here on the screen's own polled data is the truth: drop what the stream said.
      setQuotes({});
      setMode('polling');
    };
    const open = () => {
      if (failed || source) return;
      setMode('connecting');
      try {
        source = new EventSource(streamUrl(key.split(',')));
      } catch {
        fail();
        return;
      }
      timer = setTimeout(fail, STREAM_CONNECT_TIMEOUT_MS);
      source.onopen = () => {
        clearTimeout(timer);
        setMode('stream');
      };
      source.onerror = fail;
      source.addEventListener('quote', (ev) => {
        let q: unknown;
        try {
          q = JSON.parse((ev as MessageEvent<string>).data);
        } catch {
          return;
        }
        if (!isQuote(q)) return;
        clearTimeout(timer);
        (batch ??= {})[q.symbol] = q;
        frame ??= requestAnimationFrame(flush);
      });
    };

    // Offline, the stream carries nothing: the queries take over, and pausing there, they make the screen say so.
    // The last pushed prices stay: they are the newest the screen has (the queries' answers are older).
    const offline = () => {
      close();
      setMode('polling');
    };
    const subs = [bus.on('app:pause').subscribe(close), bus.on('app:resume').subscribe(open)];
    const unsubscribeOnline = onlineManager.subscribe((online) => (online ? open() : offline()));
    if (!onlineManager.isOnline()) offline();
    else if (typeof document === 'undefined' || document.visibilityState !== 'hidden') open();
    return () => {
      subs.forEach((s) => s.unsubscribe());
      unsubscribeOnline();
      close();
    };
  }, [key, enabled]);

  usePollWhile(mode === 'polling', poll, intervalMs);
  return { quotes, mode };
}

/** The fresher of two price snapshots (by asOf); either may be missing. */
export function newest<A extends { asOf: number }, B extends { asOf: number }>(a: A | undefined, b: B | undefined): A | B | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.asOf > a.asOf ? b : a;
}
