import type { Interval } from '@invest/shared';

const INTERVALS: readonly Interval[] = ['1m', '1d', '1wk', '1mo'];

/** What iframe.html shows: `?symbol=AAPL&interval=1d`. The interval defaults to the real-time line. */
export interface EmbedParams {
  /** Upper case, as the reference data and the quote stream name instruments; '' when the address names none. */
  symbol: string;
  interval: Interval;
}

export function embedParams(search: string): EmbedParams {
  const q = new URLSearchParams(search);
  const interval = q.get('interval');
  return {
    symbol: (q.get('symbol') ?? '').trim().toUpperCase(),
    interval: INTERVALS.find((i) => i === interval) ?? '1m',
  };
}

/** The chart's data beside the page (the page server's iframe.json): the API's market calls need a login. */
export const embedDataUrl = ({ symbol, interval }: EmbedParams) => `/iframe.json?symbol=${encodeURIComponent(symbol)}&interval=${interval}`;
