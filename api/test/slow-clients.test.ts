import net from 'node:net';
import { openEventStream } from './event-stream';
import { backends, createTestApp, HOOK_TIMEOUT, useApp, type TestApp } from './harness';

interface Ended {
  /** Milliseconds from the first byte sent to the server closing the connection; Infinity when it never did. */
  closedAfterMs: number;
  /** What the server wrote before closing. */
  answer: string;
}

/**
 * A raw client: connects, writes `first`, then `each` every `everyMs` (nothing when absent) until the server closes the
 * connection or `patienceMs` pass.
 */
function slowClient(port: number, first: string, opts: { each?: string; everyMs?: number; patienceMs?: number } = {}): Promise<Ended> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let drip: NodeJS.Timeout | undefined;
    const started = Date.now();
    const done = (closedAfterMs: number) => {
      clearInterval(drip);
      clearTimeout(patience);
      socket.destroy();
      resolve({ closedAfterMs, answer });
    };
    const patience = setTimeout(() => done(Infinity), opts.patienceMs ?? 5_000);
    socket.on('connect', () => {
      socket.write(first);
      if (opts.each) drip = setInterval(() => socket.writable && socket.write(opts.each!), opts.everyMs ?? 100);
    });
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => done(Date.now() - started));
  });
}

/** Opens `n` connections that send nothing; resolves once each is connected, with the sockets and whether each was closed. */
async function idleConnections(port: number, n: number): Promise<{ sockets: net.Socket[]; closed: boolean[] }> {
  const sockets: net.Socket[] = [];
  opened.push(sockets);
  const closed: boolean[] = [];
  for (let i = 0; i < n; i++) {
    const s = net.connect(port, '127.0.0.1');
    closed.push(false);
    s.on('close', () => (closed[i] = true));
    s.on('error', () => {});
    await new Promise<void>((r) => s.once('connect', () => r()));
    sockets.push(s);
  }
  await new Promise((r) => setTimeout(r, 300));
  return { sockets, closed };
}

/** Every connection a test opened, destroyed after it whatever happened (before its app closes). */
const opened: net.Socket[][] = [];
const destroyOpened = () => opened.splice(0).forEach((list) => list.forEach((s) => s.destroy()));

const loginHead = (contentLength: number) =>
  `POST /api/stock/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n`;

describe('slow clients cannot hold the server', () => {
  // Timeouts shortened for the test; the defaults are in the last test.
  const t = useApp(backends[0]!, {
    env: { HTTP_IDLE_TIMEOUT_MS: '400', HTTP_HEADERS_TIMEOUT_MS: '800', HTTP_REQUEST_TIMEOUT_MS: '1500' },
  });
  let port: number;
  afterEach(destroyOpened);
  beforeAll(async () => {
    await t.current.built.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.current.built.app.server.address() as net.AddressInfo).port;
  }, HOOK_TIMEOUT);

  it('cuts a stalled body: headers, 10 of 1,000 promised bytes, then nothing', async () => {
    const { closedAfterMs } = await slowClient(port, `${loginHead(1000)}{"user":"1`);
    expect(closedAfterMs).toBeGreaterThanOrEqual(350);
    expect(closedAfterMs).toBeLessThan(1_500);
  });

  it('cuts a body that trickles in for longer than the request timeout, with a 408', async () => {
    const { closedAfterMs, answer } = await slowClient(port, `${loginHead(1000)}{`, { each: ' ', everyMs: 100 });
    expect(closedAfterMs).toBeGreaterThanOrEqual(1_400);
    expect(closedAfterMs).toBeLessThan(3_500);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts headers that never end', async () => {
    const { closedAfterMs } = await slowClient(port, 'GET /api/v2/config HTTP/1.1\r\nHost: localhost\r\n', { each: 'X-Slow: 1\r\n', everyMs: 100 });
    expect(closedAfterMs).toBeGreaterThanOrEqual(700);
    expect(closedAfterMs).toBeLessThan(2_500);
  });

  it('answers a client that is merely slow, and keeps event streams open past every timeout', async () => {
    // A body that keeps coming, a piece within each idle timeout and all within the request timeout, is answered.
    const body = JSON.stringify({ user: '1', password: 'x' });
    const socket = net.connect(port, '127.0.0.1');
    opened.push([socket]);
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(loginHead(body.length));
    for (const ch of body) {
      socket.write(ch);
      await new Promise((r) => setTimeout(r, 30));
    }
    await new Promise((r) => setTimeout(r, 200));
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);

    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const abort = new AbortController();
    try {
      const base = `http://127.0.0.1:${port}`;
      const wallet = await openEventStream(base, token, 'never', abort.signal);
      const quotes = await fetch(`${base}/api/v2/quotes/stream?symbols=AAPL`, { signal: abort.signal });
      expect(quotes.status).toBe(200);
      const quoteReader = quotes.body!.getReader();
      await new Promise((r) => setTimeout(r, 2_500));
      // Still open: a read gets data or waits, it does not end.
      const next = await Promise.race([quoteReader.read().then((r) => (r.done ? 'ended' : 'data')), new Promise((r) => setTimeout(() => r('open'), 300))]);
      expect(next).not.toBe('ended');
      expect(await wallet(300)).toContain(': open');
    } finally {
      abort.abort();
    }
  });
});

describe('connection caps', () => {
  let t: TestApp;
  let port: number;
  afterEach(async () => {
    destroyOpened();
    await t?.close();
  }, HOOK_TIMEOUT);
  const start = async (env: Record<string, string>) => {
    t = await createTestApp(backends[0]!, { env });
    await t.built.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.built.app.server.address() as net.AddressInfo).port;
  };

  it('refuses connections past the per-address cap, and takes one again when another closes', async () => {
    await start({ HTTP_CONNECTIONS_PER_ADDRESS: '5' });
    const { sockets, closed } = await idleConnections(port, 6);
    expect(closed).toEqual([false, false, false, false, false, true]);
    sockets[0]!.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const again = await idleConnections(port, 1);
    expect(again.closed).toEqual([false]);
    [...sockets, ...again.sockets].forEach((s) => s.destroy());
  });

  it('leaves the per-address cap to the proxy when every connection comes from it (TRUST_PROXY), and keeps the process cap', async () => {
    await start({ HTTP_CONNECTIONS_PER_ADDRESS: '2', HTTP_MAX_CONNECTIONS: '4', TRUST_PROXY: 'true' });
    const { sockets, closed } = await idleConnections(port, 5);
    expect(closed).toEqual([false, false, false, false, true]);
    sockets.forEach((s) => s.destroy());
  });

  it('gives the server that buildApp makes (and `npm start` serves) the configured figures', async () => {
    await start({});
    const server = t.built.app.server;
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(180_000);
    expect(server.timeout).toBe(30_000);
    expect(server.keepAliveTimeout).toBe(72_000);
    expect(server.maxConnections).toBe(20_000);
  });
});
