import { Writable } from 'node:stream';
import { backends, useApp } from './harness';

/** What the server logged, one parsed pino line each. */
const lines: { level: number; msg: string; res?: { statusCode: number }; req?: { url: string } }[] = [];
/** The bytes each line took. */
const sizes: number[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(JSON.parse(String(chunk)));
    sizes.push(chunk.length);
    done();
  },
});

describe('request logging at LOG_LEVEL=info', () => {
  const t = useApp(backends[0]!, { deps: { logger: { level: 'info', stream } } });
  beforeEach(() => void ((lines.length = 0), (sizes.length = 0)));

  it('keeps quiet about requests that succeed, however many', async () => {
    for (let i = 0; i < 5; i++) expect((await t.current.get('/v2/config')).status).toBe(200);
    expect(lines).toEqual([]);
  });

  it('logs a refused request once, with its status', async () => {
    expect((await t.current.get('/v2/yahoo', { query: { symbol: '^NSEI' } })).status).toBe(401);
    expect(lines.map((l) => [l.msg, l.res?.statusCode])).toEqual([['request refused', 401]]);
  });

  it('logs a refusal in a bounded line, however long its URL and headers', async () => {
    const query = { symbol: '^NSEI', junk: 'x'.repeat(8 * 1024) };
    const res = await t.current.inject({ method: 'GET', url: '/api/v2/yahoo', query, headers: { host: 'h'.repeat(4 * 1024), 'user-agent': 'u'.repeat(4 * 1024) } });
    expect(res.status).toBe(401);
    expect(lines.map((l) => l.msg)).toEqual(['request refused']);
    expect(sizes[0]).toBeLessThan(1024);
    // What it keeps of the URL still says where the request went.
    expect(lines[0]!.req!.url.startsWith('/api/v2/yahoo?symbol=%5ENSEI&junk=xxx')).toBe(true);
  });
});
