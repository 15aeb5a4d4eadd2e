import { useEffect, useState } from 'react';
import { CARD_POLL_MS, STREAM_CONNECT_TIMEOUT_MS, streamUrl, type Candle, type Quote } from '@invest/shared';
import { applyQuoteToRows } from '@invest/shared/chart';
import { embedDataUrl, type EmbedParams } from './params';

/** The instrument's quote with its chart rows, as iframe.json answers. */
export type EmbedChart = Quote & { rows: readonly Candle[] };

export type EmbedTrouble = 'notFound' | 'offline' | 'failed';

/** While the stream carries the price, the rows are read again this often, so the chart stays exact. */
const RESYNC_MS = 60_000;

/** A quote event worth applying (the server makes each from the contract's Quote: this only stops a garbled one). */
const isQuote = (v: unknown): v is Quote =>
  typeof v === 'object' && v !== null && typeof (v as Quote).symbol === 'string' && Number.isFinite((v as Quote).price) && typeof (v as Quote).asOf === 'number';

/**
 * The chart of `params`, live: read from iframe.json, then moved by the public quote stream (as the stock detail's
 * chart is), or read again every CARD_POLL_MS where the stream cannot open. Nothing runs while the page is hidden; it
 * catches up when shown. `trouble` says why the chart is missing or, beside an older one, why it is not current.
 */
export function useEmbedChart(params: EmbedParams): { chart: EmbedChart | null; trouble: EmbedTrouble | null; live: boolean; retry: () => void } {
  const { symbol, interval } = params;
  const [chart, setChart] = useState<EmbedChart | null>(null);
  const [trouble, setTrouble] = useState<EmbedTrouble | null>(null);
  const [live, setLive] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!symbol) return;
    let stopped = false;
    let source: EventSource | null = null;
    let reading: ReturnType<typeof setInterval> | undefined;
    let connecting: ReturnType<typeof setTimeout> | undefined;

    /** Reads the chart; true once it has one. An unknown instrument stops everything: nothing will change that. */
    const read = async (): Promise<boolean> => {
      try {
        const res = await fetch(embedDataUrl({ symbol, interval }));
        if (res.status === 404) {
          if (!stopped) setTrouble('notFound');
          stop();
          return false;
        }
        const body = (await res.json()) as { msg?: string; data?: EmbedChart };
        if (!res.ok || body.msg !== 'ok' || !body.data) throw new Error(`iframe.json: HTTP ${res.status}`);
        if (stopped) return false;
        setChart(body.data);
        setTrouble(null);
        return true;
      } catch {
        if (!stopped) setTrouble(navigator.onLine ? 'failed' : 'offline');
        return false;
      }
    };
    const readEvery = (ms: number) => {
      clearInterval(reading);
      reading = setInterval(() => void read(), ms);
    };
    const closeStream = () => {
      clearTimeout(connecting);
      source?.close();
      source = null;
      setLive(false);
    };
    const poll = () => {
      closeStream();
      readEvery(CARD_POLL_MS);
    };
    const openStream = () => {
      if (typeof EventSource !== 'function') return poll();
      source = new EventSource(streamUrl([symbol]));
      connecting = setTimeout(poll, STREAM_CONNECT_TIMEOUT_MS);
      source.onopen = () => {
        clearTimeout(connecting);
        setLive(true);
        readEvery(RESYNC_MS);
      };
      source.onerror = poll;
      source.addEventListener('quote', (ev) => {
        let q: unknown;
        try {
          q = JSON.parse((ev as MessageEvent<string>).data);
        } catch {
          return;
        }
        if (!isQuote(q) || q.symbol !== symbol) return;
        clearTimeout(connecting);
        setChart((c) => c && { ...c, ...q, rows: applyQuoteToRows(c.rows, q, interval) });
      });
    };
    // The stream opens once there is a chart for it to move; without one, the chart is read again until it comes.
    const start = () => {
      stopped = false;
      void read().then((loaded) => !stopped && (loaded ? openStream() : poll()));
    };
    const stop = () => {
      stopped = true;
      clearInterval(reading);
      closeStream();
    };
    const onVisibility = () => (document.hidden ? stop() : start());

    if (!document.hidden) start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stop();
    };
  }, [symbol, interval, attempt]);

  return { chart, trouble, live, retry: () => setAttempt((n) => n + 1) };
}
