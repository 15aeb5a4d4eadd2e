import { and, eq } from 'drizzle-orm';
import { UserInfo, calls } from '@invest/shared/contract';
import { accounts, settings, users } from '../src/db/schema';
import { backends, createTestApp, HOOK_TIMEOUT, useApp } from './harness';

describe.each(backends)('user data on $name', (backend) => {
  const t = useApp(backend);
  const db = () => t.current.database.db;

  async function newUser() {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const [user] = await db().select().from(users).where(eq(users.phone, phone));
    return { phone, token, user: user! };
  }

  it('user info has the contract shape: phone, account number, empty avatar, zero money', async () => {
    const { phone, token, user } = await newUser();
    const res = await t.current.get('/stock/success/v2/user/info', { token });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('ok');
    expect(UserInfo.strict().parse(res.body.data)).toEqual({
      id: user.id,
      user: phone,
      no: user.accountNo,
      img: '',
      total: 0,
      money: 0,
      loan: 0,
    });
  });

  it('balance and user info read the wallet (integer minor units)', async () => {
    const { token, user } = await newUser();
    expect((await t.current.get('/stock/success/v2/balance', { token })).body).toEqual({ msg: 'ok', data: { balance: 0 } });
    // Stand-in for a ledger credit (transfers come in a later issue).
    await db()
      .update(accounts)
      .set({ balance: 1_234_567 })
      .where(and(eq(accounts.userId, user.id), eq(accounts.kind, 'wallet')));
    await db().update(users).set({ avatar: '/uploads/a.png' }).where(eq(users.id, user.id));
    expect((await t.current.get('/stock/success/v2/balance', { token })).body).toEqual({
      msg: 'ok',
      data: { balance: 1_234_567 },
    });
    const info = await t.current.get('/stock/success/v2/user/info', { token });
    expect(info.body.data).toMatchObject({ total: 1_234_567, money: 1_234_567, loan: 0, img: '/uploads/a.png' });
  });

  it('a user wallet can never go below zero', async () => {
    const { user } = await newUser();
    await expect(
      db()
        .update(accounts)
        .set({ balance: -1 })
        .where(and(eq(accounts.userId, user.id), eq(accounts.kind, 'wallet'))),
    ).rejects.toThrow();
  });

  it('each user sees only their own data', async () => {
    const a = await newUser();
    const b = await newUser();
    const infoA = await t.current.get('/stock/success/v2/user/info', { token: a.token });
    const infoB = await t.current.get('/stock/success/v2/user/info', { token: b.token });
    expect(infoA.body.data.user).toBe(a.phone);
    expect(infoB.body.data.user).toBe(b.phone);
    expect(infoA.body.data.no).not.toBe(infoB.body.data.no);
  });

  it('rejects unknown query fields on reads', async () => {
    const { token } = await newUser();
    const res = await t.current.get('/stock/success/v2/balance', { token, query: { user_id: '1' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ msg: 'no', data: 'unknownField' });
  });

  it('config is public and lists customer service on, min_withdraw_count 100, the loan terms, the currency and the money limits', async () => {
    const res = await t.current.get('/v2/config');
    expect(res.status).toBe(200);
    expect(calls.config.output.parse(res.body.data)).toEqual([
      { tag: 'customer_service_mode', value: '1' },
      { tag: 'loan_credit_limit', value: '5000000' },
      { tag: 'loan_credit_score', value: '100' },
      { tag: 'loan_interest_bps', value: '0' },
      { tag: 'loan_term_days', value: '30' },
      { tag: 'min_withdraw_count', value: '100' },
      { tag: 'currency', value: 'INR' },
      { tag: 'max_amount', value: '10000000000' },
      { tag: 'max_balance', value: '10000000000000' },
    ]);
  });

  it('config lists every settings row', async () => {
    await db().insert(settings).values({ tag: 'kefu_url', value: '/customer-service' });
    try {
      const res = await t.current.get('/v2/config');
      expect(res.body.data).toEqual(
        expect.arrayContaining([
          { tag: 'kefu_url', value: '/customer-service' },
          { tag: 'min_withdraw_count', value: '100' },
        ]),
      );
    } finally {
      await db().delete(settings).where(eq(settings.tag, 'kefu_url'));
    }
  });
});

describe('a deployment in MXN', () => {
  it(
    'reports MXN in config and opens wallets in MXN',
    async () => {
      const t = await createTestApp(backends[0]!, { env: { CURRENCY: 'MXN' } });
      try {
        const cfg = await t.get('/v2/config');
        expect(cfg.body.data).toContainEqual({ tag: 'currency', value: 'MXN' });
        const { phone } = await t.register();
        const [user] = await t.database.db.select().from(users).where(eq(users.phone, phone));
        const [wallet] = await t.database.db.select().from(accounts).where(eq(accounts.userId, user!.id));
        expect(wallet!.currency).toBe('MXN');
      } finally {
        await t.close();
      }
    },
    HOOK_TIMEOUT,
  );
});
