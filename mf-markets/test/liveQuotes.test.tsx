import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { bus, callQuery, calls, CARD_POLL_MS, DETAIL_POLL_MS, LIST_POLL_MS, streamUrl, useLiveQuotes, useQuery, type LiveMode, type Quote } from '@invest/shared';
import { answer, chart, goOffline, goOnline, inputsOf, quote, renderAt } from '@invest/shared/testing';

class FakeEventSource {
  static all: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn({ data: JSON.stringify(data) } as MessageEvent);
  }
  /** A quote event, and the next frame (the screen takes the quotes that arrived before it in one render). */
  push(data: unknown) {
    act(() => {
      this.emit('quote', data);
      jest.advanceTimersToNextFrame();
    });
  }
}

/** A screen showing one index's line, with live quotes for `symbols`; its query is the polling fallback. */
let seen: { quotes: Record<string, Quote>; mode: LiveMode } = { quotes: {}, mode: 'idle' };
function Probe({ symbols, ms }: { symbols: string[]; ms: number }) {
  const line = callQuery(calls.yahoo, { symbol: '^NSEI', mold: '1m' });
  useQuery(line);
  seen = useLiveQuotes(symbols, { intervalMs: ms, poll: [line] });
  return null;
}
const show = (ui: ReactElement) => renderAt('/', ui);
const loads = () => inputsOf('/v2/yahoo').length;

beforeEach(() => {
  jest.useFakeTimers();
  FakeEventSource.all = [];
  answer({ '/v2/yahoo': ({ symbol }) => chart(symbol) });
});
afterEach(() => {
  jest.useRealTimers();
  jest.clearAllMocks();
  delete (globalThis as Record<string, unknown>).EventSource;
});

it('uses the spec intervals: 5 s for cards and lists, 3 s on the detail', () => {
  expect([CARD_POLL_MS, LIST_POLL_MS, DETAIL_POLL_MS]).toEqual([5000, 5000, 3000]);
  expect(streamUrl(['^NSEI', 'M&M.NS'])).toBe('/api/v2/quotes/stream?symbols=%5ENSEI,M%26M.NS');
});

it('without EventSource the screen’s query polls every interval (its first load is not repeated)', async () => {
  show(<Probe symbols={['^NSEI']} ms={5000} />);
  await act(async () => {});
  expect(seen.mode).toBe('polling');
  expect(loads()).toBe(1);
  await act(async () => void jest.advanceTimersByTime(5000));
  expect(loads()).toBe(2);
  await act(async () => void jest.advanceTimersByTime(5000));
  expect(loads()).toBe(3);
});

it('takes pushed quotes from one stream and falls back to polling when it errors', async () => {
  (globalThis as Record<string, unknown>).EventSource = FakeEventSource;
  show(<Probe symbols={['^NSEI', 'RELIANCE.NS', '^NSEI']} ms={3000} />);
  await act(async () => {});
  expect(FakeEventSource.all).toHaveLength(1);
  const es = FakeEventSource.all[0]!;
  expect(es.url).toBe('/api/v2/quotes/stream?symbols=RELIANCE.NS,%5ENSEI');

  act(() => es.onopen?.());
  es.push(quote('RELIANCE.NS', { price: 2500.5 }));
  expect(seen.mode).toBe('stream');
  expect(seen.quotes['RELIANCE.NS']?.price).toBe(2500.5);
  // Malformed events are ignored.
  es.push({ symbol: 'X' });
  expect(Object.keys(seen.quotes)).toEqual(['RELIANCE.NS']);
  await act(async () => void jest.advanceTimersByTime(10_000));
  expect(loads()).toBe(1);

  act(() => es.onerror?.());
  expect(es.closed).toBe(true);
  expect(seen.mode).toBe('polling');
  expect(seen.quotes).toEqual({});
  await act(async () => {});
  expect(loads()).toBe(2); // at once: the stream was live, the data may be stale
  await act(async () => void jest.advanceTimersByTime(3000));
  expect(loads()).toBe(3);
});

it('quotes that arrive together are taken in one render', async () => {
  (globalThis as Record<string, unknown>).EventSource = FakeEventSource;
  let renders = 0;
  function Counting() {
    renders++;
    seen = useLiveQuotes(['^NSEI', '^GSPC', 'TCS.NS'], { intervalMs: 5000 });
    return null;
  }
  show(<Counting />);
  await act(async () => {});
  const es = FakeEventSource.all[0]!;
  act(() => es.onopen?.());
  const before = renders;
  act(() => ['^NSEI', '^GSPC', 'TCS.NS'].forEach((symbol, i) => es.emit('quote', quote(symbol, { price: 100 + i }))));
  expect(renders).toBe(before);
  act(() => void jest.advanceTimersToNextFrame());
  expect(renders).toBe(before + 1);
  expect(Object.values(seen.quotes).map((q) => q.price)).toEqual([100, 101, 102]);
});

it('a stream that never opens counts as failed; the stream closes on pause and reopens on resume', async () => {
  (globalThis as Record<string, unknown>).EventSource = FakeEventSource;
  show(<Probe symbols={['^GSPC']} ms={5000} />);
  await act(async () => {});
  act(() => FakeEventSource.all[0]!.onopen?.());
  act(() => bus.publish({ type: 'app:pause' }));
  expect(FakeEventSource.all[0]!.closed).toBe(true);
  act(() => bus.publish({ type: 'app:resume' }));
  expect(FakeEventSource.all).toHaveLength(2);

  await act(async () => void jest.advanceTimersByTime(6000)); // the reopened stream never opens
  expect(FakeEventSource.all[1]!.closed).toBe(true);
  expect(seen.mode).toBe('polling');
});

it('offline, the last pushed price stays on screen: it is newer than any answer the paused queries hold', async () => {
  (globalThis as Record<string, unknown>).EventSource = FakeEventSource;
  show(<Probe symbols={['^NSEI']} ms={5000} />);
  await act(async () => {});
  act(() => FakeEventSource.all[0]!.onopen?.());
  FakeEventSource.all[0]!.push(quote('^NSEI', { price: 123.45 }));
  expect(seen.quotes['^NSEI']?.price).toBe(123.45);
  act(() => goOffline());
  expect(seen.mode).toBe('polling');
  expect(seen.quotes['^NSEI']?.price).toBe(123.45);
  act(() => goOnline());
});

it('offline, the stream closes and the queries take over; back online, it reopens', async () => {
  (globalThis as Record<string, unknown>).EventSource = FakeEventSource;
  show(<Probe symbols={['^NSEI']} ms={5000} />);
  await act(async () => {});
  act(() => FakeEventSource.all[0]!.onopen?.());
  expect(seen.mode).toBe('stream');
  act(() => goOffline());
  expect(FakeEventSource.all[0]!.closed).toBe(true);
  expect(seen.mode).toBe('polling');
  act(() => goOnline());
  expect(FakeEventSource.all).toHaveLength(2);
  act(() => FakeEventSource.all[1]!.onopen?.());
  expect(seen.mode).toBe('stream');
});
