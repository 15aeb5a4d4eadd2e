import { act, render } from '@testing-library/react';
import { bus, CARD_POLL_MS, DETAIL_POLL_MS, LIST_POLL_MS, streamUrl, useLiveQuotes, type LiveMode, type Quote } from '@invest/shared';
import { quote } from './helpers';

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
}

let seen: { quotes: Record<string, Quote>; mode: LiveMode } = { quotes: {}, mode: 'idle' };
function Probe({ symbols, poll, ms }: { symbols: string[]; poll: () => void; ms: number }) {
  seen = useLiveQuotes(symbols, { intervalMs: ms, poll });
  return null;
}

beforeEach(() => {
  jest.useFakeTimers();
  FakeEventSource.all = [];
});
afterEach(() => {
  jest.useRealTimers();
  delete (globalThis as Record<string, unknown>).EventSource;
});

it('uses the spec intervals: 5 s for cards and lists, 3 s on the detail', () => {
  expect([CARD_POLL_MS, LIST_POLL_MS, DETAIL_POLL_MS]).toEqual([5000, 5000, 3000]);
  expect(streamUrl(['^NSEI', 'M&M.NS'])).toBe('/api/v2/quotes/stream?symbols=%5ENSEI,M%26M.NS');
});

it('without EventSource it polls every interval (the screen’s own first load is not repeated)', async () => {
  const poll = jest.fn();
  render(<Probe symbols={['^NSEI']} poll={poll} ms={5000} />);
  await act(async () => {});
  expect(seen.mode).toBe('polling');
  expect(poll).not.toHaveBeenCalled();
  await act(async () => void jest.advanceTimersByTime(5000));
  expect(poll).toHaveBeenCalledTimes(1);
  await act(async () => void jest.advanceTimersByTime(5000));
  expect(poll).toHaveBeenCalledTimes(2);
});

it('takes pushed quotes from one stream and falls back to polling when it errors', async () => {
  (globalThis as Record<string, unknown>).EventSource = FakeEventSource;
  const poll = jest.fn();
  render(<Probe symbols={['^NSEI', 'RELIANCE.NS', '^NSEI']} poll={poll} ms={3000} />);
  await act(async () => {});
  expect(FakeEventSource.all).toHaveLength(1);
  const es = FakeEventSource.all[0]!;
  expect(es.url).toBe('/api/v2/quotes/stream?symbols=RELIANCE.NS,%5ENSEI');

  act(() => es.onopen?.());
  act(() => es.emit('quote', quote('RELIANCE.NS', { price: 2500.5 })));
  expect(seen.mode).toBe('stream');
  expect(seen.quotes['RELIANCE.NS']?.price).toBe(2500.5);
  // Malformed events are ignored.
  act(() => es.emit('quote', { symbol: 'X' }));
  expect(Object.keys(seen.quotes)).toEqual(['RELIANCE.NS']);
  await act(async () => void jest.advanceTimersByTime(10_000));
  expect(poll).not.toHaveBeenCalled();

  act(() => es.onerror?.());
  expect(es.closed).toBe(true);
  expect(seen.mode).toBe('polling');
  expect(seen.quotes).toEqual({});
  await act(async () => {});
  expect(poll).toHaveBeenCalledTimes(1); // at once: the stream was live, the data may be stale
  await act(async () => void jest.advanceTimersByTime(3000));
  expect(poll).toHaveBeenCalledTimes(2);
});

it('a stream that never opens counts as failed; the stream closes on pause and reopens on resume', async () => {
  (globalThis as Record<string, unknown>).EventSource = FakeEventSource;
  const poll = jest.fn();
  render(<Probe symbols={['^GSPC']} poll={poll} ms={5000} />);
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
