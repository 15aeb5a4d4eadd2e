import { act } from '@testing-library/react';
import { bus, session, useQuery } from '@invest/runtime';
import { calls, WALLET_STREAM_PATH } from '../src/contract';
import { WALLET_POLL_MS } from '../src/hooks/walletQueries';
import { sseParser, useWalletEvents, WALLET_STREAM_IDLE_MS, WALLET_STREAM_RETRY_MS, type WalletStreamMode } from '../src/userEvents';
import { callQuery } from '../src/query/useCall';
import { answer, goOffline, goOnline, inputsOf, renderAt, server } from '../src/testing';

const INFO = { id: 3, user: '9876543210', no: '40000003', img: '', total: 100, money: 100, loan: 0 };
const INFO_PATH = calls.userInfo.path;

/** One response of the wallet stream: the test pushes SSE text into it or ends it; the page may abort it. */
class FakeStream {
  aborted = false;
  ended = false;
  private queue: string[] = [];
  private waiting: ((r: { done: boolean; value?: Uint8Array }) => void) | null = null;
  constructor(
    readonly init: RequestInit,
    readonly status = 200,
  ) {
    init.signal?.addEventListener('abort', () => {
      this.aborted = true;
      this.waiting?.({ done: true });
    });
  }
  push(text: string) {
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w({ done: false, value: new TextEncoder().encode(text) });
    } else this.queue.push(text);
  }
  end() {
    this.ended = true;
    this.waiting?.({ done: true });
  }
  response() {
    const reader = {
      read: () =>
        new Promise<{ done: boolean; value?: Uint8Array }>((resolve) => {
          const next = this.queue.shift();
          if (next !== undefined) resolve({ done: false, value: new TextEncoder().encode(next) });
          else if (this.ended || this.aborted) resolve({ done: true });
          else this.waiting = resolve;
        }),
      cancel: async () => {},
    };
    return { ok: this.status === 200, status: this.status, body: { getReader: () => reader, cancel: async () => {} } };
  }
}

let streams: FakeStream[] = [];
/** How the next stream requests answer: a live stream, or an HTTP status without one. */
let streamStatus = 200;

function useFakeFetch() {
  const contract = globalThis.fetch;
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    if (String(url) === `/api${WALLET_STREAM_PATH}`) {
      const s = new FakeStream(init, streamStatus);
      streams.push(s);
      return s.response();
    }
    return contract(url, init);
  }) as typeof fetch;
}

let seen: { mode: WalletStreamMode } = { mode: 'idle' };
const info = callQuery(calls.userInfo);
function Probe({ enabled = true }: { enabled?: boolean }) {
  useQuery(info);
  useQuery(callQuery(calls.bills, { type: 'all' }));
  useQuery(callQuery(calls.config));
  seen = useWalletEvents({ poll: [info], enabled });
  return null;
}
const loads = (path = INFO_PATH) => inputsOf(path).length;
const flush = () => act(async () => {});
const later = (ms: number) => act(async () => void jest.advanceTimersByTime(ms));

beforeEach(() => {
  jest.useFakeTimers();
  streams = [];
  streamStatus = 200;
  localStorage.clear();
  session.start('tok', { id: 3, user: '9876543210', login: true }, null);
  answer({
    [INFO_PATH]: () => INFO,
    [calls.bills.path]: () => ({ rows: [], count: 0 }),
    [calls.config.path]: () => [{ tag: 'currency', value: 'INR' }],
  });
  useFakeFetch();
});
afterEach(() => {
  jest.useRealTimers();
  jest.clearAllMocks();
  session.end('user');
});

describe('sseParser', () => {
  it('reads events across any chunking and line ends, skipping comments', () => {
    const got: [string, string][] = [];
    const feed = sseParser((type, data) => got.push([type, data]));
    for (const chunk of ['\uFEFF: open\n\n', 'eve', 'nt: wallet\r', '\ndata: {"at":1}\r\n', '\r\n', ': heartbeat\n\n', 'data: a\ndata: b\n\nevent:quote\rdata:x\r\r', '\n'])
      feed(chunk);
    expect(got).toEqual([
      ['wallet', '{"at":1}'],
      ['message', 'a\nb'],
      ['quote', 'x'],
    ]);
  });
});

describe('useWalletEvents', () => {
  it('reads the stream with the bearer token and refetches the wallet queries on each wallet event, without polling', async () => {
    renderAt('/', <Probe />);
    await flush();
    expect(streams).toHaveLength(1);
    expect((streams[0]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(seen.mode).toBe('stream');
    expect(loads()).toBe(1);
    await later(10_000);
    expect(loads()).toBe(1);

    await act(async () => streams[0]!.push(': open\n\nevent: wallet\ndata: {"at":1}\n\n'));
    await flush();
    expect(loads()).toBe(2);
    expect(loads(calls.bills.path)).toBe(2);
    // Not a wallet query: left alone.
    expect(loads(calls.config.path)).toBe(1);
    // An event split over chunks counts once it is complete; other events do nothing.
    await act(async () => streams[0]!.push('event: wal'));
    await act(async () => streams[0]!.push('let\r\ndata: {}\r\n'));
    await flush();
    expect(loads()).toBe(2);
    await act(async () => streams[0]!.push('\r\nevent: other\ndata: 1\n\n'));
    await flush();
    expect(loads()).toBe(3);
  });

  it('a failed stream falls back to polling every 3 s, and is tried again later', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    streamStatus = 500;
    renderAt('/', <Probe />);
    await flush();
    expect(seen.mode).toBe('polling');
    expect(loads()).toBe(1);
    await later(WALLET_POLL_MS);
    expect(loads()).toBe(2);
    await later(WALLET_POLL_MS);
    expect(loads()).toBe(3);

    streamStatus = 200;
    await later(WALLET_STREAM_RETRY_MS - 2 * WALLET_POLL_MS);
    expect(streams).toHaveLength(2);
    expect(seen.mode).toBe('stream');
    const polled = loads();
    await later(10_000);
    expect(loads()).toBe(polled);
  });

  it('a stream the server closes, or one gone silent, hands over to polling', async () => {
    renderAt('/', <Probe />);
    await flush();
    await act(async () => streams[0]!.end());
    await flush();
    expect(seen.mode).toBe('polling');
    await later(WALLET_POLL_MS);
    expect(loads()).toBe(2);

    await later(WALLET_STREAM_RETRY_MS);
    expect(streams).toHaveLength(2);
    expect(seen.mode).toBe('stream');
    await later(WALLET_STREAM_IDLE_MS);
    expect(streams[1]!.aborted).toBe(true);
    expect(seen.mode).toBe('polling');
  });

  it('a stream that served a while and is closed by the server (its process stopping) opens again within 3 s, with what it missed', async () => {
    renderAt('/', <Probe />);
    await flush();
    expect(seen.mode).toBe('stream');
    for (let beat = 0; beat < 4; beat++) {
      await later(15_000);
      await act(async () => streams[0]!.push(': heartbeat\n\n'));
    }
    expect(streams).toHaveLength(1);
    const before = loads();
    await act(async () => streams[0]!.end());
    await flush();
    expect(seen.mode).toBe('polling');
    await later(3_000);
    expect(streams).toHaveLength(2);
    expect(seen.mode).toBe('stream');
    // What changed while it was away is fetched.
    expect(loads()).toBeGreaterThan(before);
  });

  it('a refused token is not asked again', async () => {
    streamStatus = 403;
    renderAt('/', <Probe />);
    await flush();
    expect(seen.mode).toBe('polling');
    await later(5 * WALLET_STREAM_RETRY_MS);
    expect(streams).toHaveLength(1);
  });

  it('pause closes the stream and stops polling; resume opens it again', async () => {
    renderAt('/', <Probe />);
    await flush();
    act(() => bus.publish({ type: 'app:pause' }));
    expect(streams[0]!.aborted).toBe(true);
    const before = loads();
    await later(10_000);
    expect(loads()).toBe(before);
    expect(streams).toHaveLength(1);

    await act(async () => bus.publish({ type: 'app:resume' }));
    await flush();
    expect(streams).toHaveLength(2);
    expect(seen.mode).toBe('stream');
    await act(async () => streams[1]!.push('event: wallet\ndata: {}\n\n'));
    await flush();
    expect(loads()).toBeGreaterThan(before);
  });

  it('offline closes the stream, reconnection opens it again', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt('/', <Probe />);
    await flush();
    act(() => goOffline());
    expect(streams[0]!.aborted).toBe(true);
    expect(seen.mode).toBe('polling');
    await act(async () => goOnline());
    await flush();
    expect(streams).toHaveLength(2);
    expect(seen.mode).toBe('stream');
  });

  it('a logout closes the stream; a new login opens one with the new token', async () => {
    renderAt('/', <Probe />);
    await flush();
    act(() => session.end('user'));
    expect(streams[0]!.aborted).toBe(true);
    await later(WALLET_STREAM_RETRY_MS * 2);
    expect(streams).toHaveLength(1);
    await act(async () => session.start('tok2', { id: 4, user: '9876543211', login: true }, null));
    await flush();
    expect(streams).toHaveLength(2);
    expect((streams[1]!.init.headers as Record<string, string>).Authorization).toBe('Bearer tok2');
  });

  it('without a token to listen with, the queries poll', async () => {
    session.end('user');
    renderAt('/', <Probe />);
    await flush();
    expect(seen.mode).toBe('polling');
    await later(WALLET_POLL_MS);
    expect(streams).toHaveLength(0);
    expect(loads()).toBe(2);
  });

  it('turned off, it neither streams nor polls', async () => {
    renderAt('/', <Probe enabled={false} />);
    await flush();
    expect(seen.mode).toBe('idle');
    await later(10_000);
    expect(streams).toHaveLength(0);
    expect(loads()).toBe(1);
    expect(server).toHaveBeenCalled();
  });
});
