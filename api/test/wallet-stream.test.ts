import { STREAMS_PER_IP } from '../src/http/event-stream';
import { openEventStream, USER_STREAM_PATH as PATH } from './event-stream';
import { backends, HOOK_TIMEOUT, useApp } from './harness';

/** Resolves true when the server ends `res`'s stream within `ms`, false when it is still open then. */
function endsWithin(res: Response, ms: number): Promise<boolean> {
  const reader = res.body!.getReader();
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      void reader.cancel();
      resolve(false);
    }, ms);
    const pump = (): void => {
      void reader.read().then(({ done }) => (done ? (clearTimeout(timer), resolve(true)) : pump()), () => (clearTimeout(timer), resolve(true)));
    };
    pump();
  });
}

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

  it('tells the user when an operator decides their deposit, withdrawal or loan, whether their balance moved or not', async () => {
    const ops = await t.current.operatorToken();
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    await t.current.approveRealName(token);
    const pay = (path: string, body: unknown, key: string) => t.current.post(path, body, { token, headers: { 'idempotency-key': key } });
    const abort = new AbortController();
    /** Whether the next operator action, done by `act`, reaches a stream opened just before it. */
    const heard = async (act: () => Promise<{ status: number }>) => {
      const events = await openEventStream(base, token, 'wallet', abort.signal);
      expect((await act()).status).toBe(200);
      return (await events(3_000)).includes('event: wallet');
    };

    // A failed deposit: nothing credited, but the records changed.
    const failing = await pay('/stock/success/v2/recharge/add', { count: 500_000 }, 'stream-fail-1');
    expect(await heard(() => t.current.post(`/ops/recharges/${failing.body.data.id}/fail`, { reason: 'No payment received' }, { token: ops }))).toBe(true);

    // A completed withdrawal: the money leaves the books' payable account, not the user's wallet (debited at request).
    const deposit = await pay('/stock/success/v2/recharge/add', { count: 500_000 }, 'stream-fund-1');
    await t.current.post(`/ops/recharges/${deposit.body.data.id}/complete`, {}, { token: ops });
    const card = await t.current.post('/stock/success/bank/add', { bank: 'State Bank of India', bank_card: '123456789012', bank_user: 'Asha Rao', ifsc: 'sbin0001234' }, { token });
    const out = await pay('/stock/success/money/access', { bank_id: card.body.data.id, count: 200_000 }, 'stream-withdraw-1');
    expect(await heard(() => t.current.post(`/ops/withdrawals/${out.body.data.id}/complete`, {}, { token: ops }))).toBe(true);

    // A rejected loan: nothing lent, but the loan records changed.
    const loan = await pay('/stock/success/loans/add', { count: 100_000 }, 'stream-loan-1');
    expect(await heard(() => t.current.post(`/ops/loans/${loan.body.data.id}/reject`, { reason: 'Income not verified' }, { token: ops }))).toBe(true);
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

describe('wallet event stream caps and ends (heartbeat at its default 15 s)', () => {
  const t = useApp(backends[0]!);
  let base: string;
  beforeAll(async () => {
    base = await t.current.built.app.listen({ port: 0, host: '127.0.0.1' });
  }, HOOK_TIMEOUT);
  const open = (token: string, signal?: AbortSignal) => fetch(`${base}${PATH}`, { headers: { authorization: `Bearer ${token}` }, signal });
  const newSession = async () => {
    const { phone, password } = await t.current.register();
    return { phone, password, token: await t.current.login(phone, password) };
  };

  it('closes a logged-out token\'s stream at once, and the streams of sessions a password change ends', async () => {
    const { phone, password, token } = await newSession();
    const other = await t.current.login(phone, password);
    const third = await t.current.login(phone, password);
    const [loggedOut, changed, kept] = [await open(token), await open(other), await open(third)];
    const ends = [endsWithin(loggedOut, 1_000)];
    expect((await t.current.post('/stock/success/user/logout', {}, { token })).status).toBe(200);
    expect(await ends[0]).toBe(true);

    const endsToo = endsWithin(changed, 1_000);
    const keptEnds = endsWithin(kept, 1_500);
    const change = await t.current.post('/stock/success/user/password/up', { type: 'login', password, password_new: 'newpass1' }, { token: third });
    expect(change.status).toBe(200);
    expect(await endsToo).toBe(true);
    // The session that changed the password keeps its stream.
    expect(await keptEnds).toBe(false);
  });

  it('caps open streams per address, like the quote stream', async () => {
    const abort = new AbortController();
    try {
      const opened: Response[] = [];
      // One stream per user, so only the per-address cap can trip.
      for (let i = 0; i < STREAMS_PER_IP; i++) opened.push(await open((await newSession()).token, abort.signal));
      expect(opened.map((r) => r.status)).toEqual(Array(STREAMS_PER_IP).fill(200));
      const over = await open((await newSession()).token, abort.signal);
      expect(over.status).toBe(429);
      expect(await over.json()).toEqual({ msg: 'no', data: 'tooManyRequests' });
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      abort.abort();
    }
    // Closed streams give their places back.
    await new Promise((r) => setTimeout(r, 200));
    const again = new AbortController();
    expect((await open((await newSession()).token, again.signal)).status).toBe(200);
    again.abort();
  });
});
