import { backends, HOOK_TIMEOUT, useApp } from './harness';

const PATH = '/api/stock/success/v2/wallet/stream';

describe.each(backends.slice(0, 1))('wallet event stream on $name', (backend) => {
  const t = useApp(backend);
  let base: string;
  beforeAll(async () => {
    base = await t.current.built.app.listen({ port: 0, host: '127.0.0.1' });
  }, HOOK_TIMEOUT);

  it('tells the user, and only the user, when their money moved', async () => {
    const ops = await t.current.operatorToken();
    const login = async () => {
      const { phone, password } = await t.current.register();
      return t.current.login(phone, password);
    };
    const [mine, theirs] = [await login(), await login()];

    const abort = new AbortController();
    const open = async (token: string) => {
      const res = await fetch(`${base}${PATH}`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      // Reads until an event arrives or the time runs out; resolves with what came.
      return (ms: number) =>
        new Promise<string>((resolve) => {
          const timer = setTimeout(() => resolve(text), ms);
          const pump = (): void => {
            void reader.read().then(({ value, done }) => {
              if (done) return resolve(text);
              text += decoder.decode(value);
              if (text.includes('event: wallet')) {
                clearTimeout(timer);
                resolve(text);
              } else pump();
            }, () => resolve(text));
          };
          pump();
        });
    };
    const myEvents = await open(mine);
    const theirEvents = await open(theirs);

    const deposit = await t.current.post('/stock/success/v2/recharge/add', { count: 500_000 }, { token: mine, headers: { 'idempotency-key': 'stream-deposit-1' } });
    await t.current.post(`/ops/recharges/${deposit.body.data.id}/complete`, {}, { token: ops });
    expect(await myEvents(3_000)).toContain('event: wallet');
    expect(await theirEvents(500)).not.toContain('event: wallet');
    abort.abort();
  });

  it('refuses a missing or operator token, and HEAD', async () => {
    expect((await fetch(`${base}${PATH}`)).status).toBe(401);
    const ops = await t.current.operatorToken();
    expect((await fetch(`${base}${PATH}`, { headers: { authorization: `Bearer ${ops}` } })).status).toBe(403);
    expect((await fetch(`${base}${PATH}`, { method: 'HEAD' })).status).toBe(404);
  });
});
