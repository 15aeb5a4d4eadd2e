import { openEventStream, USER_STREAM_PATH as PATH } from './event-stream';
import { backends, HOOK_TIMEOUT, useApp } from './harness';

describe.each(backends.slice(0, 1))('wallet event stream on $name', (backend) => {
  // Beats every 200 ms, so a revoked session's stream ends within the test's patience.
  const t = useApp(backend, { deps: { streamHeartbeatMs: 200 } });
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
    const open = (token: string) => openEventStream(base, token, 'wallet', abort.signal);
    const myEvents = await open(mine);
    const theirEvents = await open(theirs);

    const deposit = await t.current.post('/stock/success/v2/recharge/add', { count: 500_000 }, { token: mine, headers: { 'idempotency-key': 'stream-deposit-1' } });
    await t.current.post(`/ops/recharges/${deposit.body.data.id}/complete`, {}, { token: ops });
    expect(await myEvents(3_000)).toContain('event: wallet');
    expect(await theirEvents(500)).not.toContain('event: wallet');
    abort.abort();
  });

  it('ends the stream of a session that has ended (logged out, or revoked by a password change elsewhere)', async () => {
    const { phone, password } = await t.current.register();
    const [kept, ended] = [await t.current.login(phone, password), await t.current.login(phone, password)];
    const read = async (token: string) => {
      const res = await fetch(`${base}${PATH}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      /** Resolves true when the server closes the stream within `ms`, false when it is still open. */
      return (ms: number) =>
        new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => {
            void reader.cancel();
            resolve(false);
          }, ms);
          const pump = (): void => {
            void reader.read().then(({ done }) => (done ? (clearTimeout(timer), resolve(true)) : pump()), () => resolve(true));
          };
          pump();
        });
    };
    const keptStream = await read(kept);
    const endedStream = await read(ended);
    expect((await t.current.post('/stock/success/user/logout', {}, { token: ended })).status).toBe(200);
    expect(await endedStream(3_000)).toBe(true);
    expect(await keptStream(1_000)).toBe(false);
  });

  it('refuses a missing or operator token, and HEAD', async () => {
    expect((await fetch(`${base}${PATH}`)).status).toBe(401);
    const ops = await t.current.operatorToken();
    expect((await fetch(`${base}${PATH}`, { headers: { authorization: `Bearer ${ops}` } })).status).toBe(403);
    expect((await fetch(`${base}${PATH}`, { method: 'HEAD' })).status).toBe(404);
  });
});
