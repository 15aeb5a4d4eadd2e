import { Writable } from 'node:stream';
import { backends, useApp } from './harness';

/** What the server logged, one parsed pino line each. */
const lines: { level: number; msg: string; res?: { statusCode: number } }[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(JSON.parse(String(chunk)));
    done();
  },
});

describe('request logging at LOG_LEVEL=info', () => {
  const t = useApp(backends[0]!, { deps: { logger: { level: 'info', stream } } });
  beforeEach(() => void (lines.length = 0));

  it('keeps quiet about requests that succeed, however many', async () => {
    for (let i = 0; i < 5; i++) expect((await t.current.get('/v2/config')).status).toBe(200);
    expect(lines).toEqual([]);
  });

  it('logs a refused request once, with its status', async () => {
    expect((await t.current.get('/v2/yahoo', { query: { symbol: '^NSEI' } })).status).toBe(401);
    expect(lines.map((l) => [l.msg, l.res?.statusCode])).toEqual([['request refused', 401]]);
  });
});
