import { eq } from 'drizzle-orm';
import { TRADE_PASSWORD_LOCK_MINUTES, TRADE_PASSWORD_MAX_FAILURES } from '@invest/shared/contract';
import { verifyTradePassword } from '../src/auth/trade-password';
import { findUserByPhone } from '../src/auth/users';
import { tradePasswords } from '../src/db/schema';
import { ApiError } from '../src/http/errors';
import { backends, useApp } from './harness';

const UP = '/stock/success/user/password/up';
const STATE = '/stock/success/user/password/state';
const INFO = '/stock/success/v2/user/info';

describe.each(backends)('passwords on $name', (backend) => {
  describe('login password', () => {
    const t = useApp(backend);

    it('changes it with the current one: every other session ends, this one stays, and only the new password logs in', async () => {
      const { phone, password } = await t.current.register();
      const here = await t.current.login(phone, password);
      const elsewhere = await t.current.login(phone, password);

      const res = await t.current.post(UP, { password, password_new: 'brand-new-1' }, { token: here });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ msg: 'ok', data: 'passwordChanged' });

      expect((await t.current.get(INFO, { token: here })).status).toBe(200);
      expect((await t.current.get(INFO, { token: elsewhere })).status).toBe(401);
      expect((await t.current.post('/stock/user/login', { user: phone, password })).status).toBe(401);
      expect(await t.current.login(phone, 'brand-new-1')).toMatch(/^[\w-]{43}$/);
    });

    it('refuses a wrong current password as "Incorrect password" and changes nothing', async () => {
      const { phone, password } = await t.current.register();
      const token = await t.current.login(phone, password);
      const other = await t.current.login(phone, password);
      const res = await t.current.post(UP, { password: 'not-my-password', password_new: 'brand-new-1' }, { token });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ msg: 'no', data: 'passwordIncorrect' });
      expect((await t.current.get(INFO, { token: other })).status).toBe(200);
      expect(await t.current.login(phone, password)).toBeTruthy();
    });

    it('refuses missing and short passwords with the spec messages, and anonymous callers', async () => {
      const { phone, password } = await t.current.register();
      const token = await t.current.login(phone, password);
      for (const [body, key] of [
        [{ password_new: 'brand-new-1' }, 'requiredFields'],
        [{ password }, 'newPasswordRequired'],
        [{ password, password_new: '' }, 'newPasswordRequired'],
        [{ password, password_new: '12345' }, 'passwordTooShort'],
        [{ password, password_new: 'x'.repeat(129) }, 'passwordTooLong'],
        [{ password, password_new: 'brand-new-1', role: 'admin' }, 'unknownField'],
        [{ type: 'pin', password, password_new: 'brand-new-1' }, 'invalidInput'],
      ] as const) {
        const res = await t.current.post(UP, body, { token });
        expect([res.status, res.body.data]).toEqual([400, key]);
      }
      expect((await t.current.post(UP, { password, password_new: 'brand-new-1' })).status).toBe(401);
      expect(await t.current.login(phone, password)).toBeTruthy();
    });
  });

  describe('login password failure limit', () => {
    // The login's own limit, tightened: wrong current passwords here count toward it.
    const t = useApp(backend, { rateLimits: { passwordFailuresPerPhoneAndIp: { max: 3, windowMs: 60_000 } } });

    it('counts wrong current passwords toward the login failure limit of the phone', async () => {
      const { phone, password } = await t.current.register();
      const token = await t.current.login(phone, password);
      for (let i = 0; i < 3; i++) {
        expect((await t.current.post(UP, { password: `wrong-${i}`, password_new: 'brand-new-1' }, { token })).body.data).toBe('passwordIncorrect');
      }
      // Now login itself is closed for this phone, even with the right password...
      const login = await t.current.post('/stock/user/login', { user: phone, password });
      expect([login.status, login.body.data]).toEqual([429, 'tooManyRequests']);
      // ...and so is the change screen.
      expect((await t.current.post(UP, { password, password_new: 'brand-new-1' }, { token })).status).toBe(429);
    });
  });

  describe('transaction password', () => {
    const t = useApp(backend);

    async function user() {
      const { phone, password } = await t.current.register();
      return { phone, password, token: await t.current.login(phone, password) };
    }
    const userId = async (phone: string) => (await findUserByPhone(t.current.database.db, phone))!.id;

    it('is set once (is_first), stored hashed, then modified only with the login password', async () => {
      const u = await user();
      expect((await t.current.get(STATE, { token: u.token })).body.data).toEqual({ is_set: false, locked_until: null });

      const set = await t.current.post(UP, { type: 'transaction', fund_code_new: '123456', is_first: true }, { token: u.token });
      expect(set.body).toEqual({ msg: 'ok', data: 'tradePasswordSet' });
      expect((await t.current.get(STATE, { token: u.token })).body.data).toEqual({ is_set: true, locked_until: null });
      const [row] = await t.current.database.db.select().from(tradePasswords).where(eq(tradePasswords.userId, await userId(u.phone)));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row!.passwordHash).not.toContain('123456');

      // A second first-time set is refused: it would let anyone holding the phone replace it without a password.
      const again = await t.current.post(UP, { type: 'transaction', fund_code_new: '654321', is_first: true }, { token: u.token });
      expect([again.status, again.body.data]).toEqual([409, 'tradePasswordAlreadySet']);

      const noLogin = await t.current.post(UP, { type: 'transaction', fund_code_new: '654321', is_first: false }, { token: u.token });
      expect([noLogin.status, noLogin.body.data]).toEqual([400, 'requiredFields']);
      const wrong = await t.current.post(UP, { type: 'transaction', fund_code_new: '654321', is_first: false, password: 'nope-nope' }, { token: u.token });
      expect([wrong.status, wrong.body.data]).toEqual([422, 'passwordIncorrect']);

      const now = new Date(Date.now() + 1000);
      await expect(verifyTradePassword(t.current.database.db, await userId(u.phone), '123456', now)).resolves.toBeUndefined();

      const mod = await t.current.post(UP, { type: 'transaction', fund_code_new: '654321', is_first: false, password: u.password }, { token: u.token });
      expect(mod.body).toEqual({ msg: 'ok', data: 'tradePasswordModified' });
      await expect(verifyTradePassword(t.current.database.db, await userId(u.phone), '654321', now)).resolves.toBeUndefined();
      await expect(verifyTradePassword(t.current.database.db, await userId(u.phone), '123456', now)).rejects.toMatchObject({ key: 'tradePasswordIncorrect' });
    });

    it('sets it once when two first-time sets race', async () => {
      const u = await user();
      const set = (code: string) => t.current.post(UP, { type: 'transaction', fund_code_new: code, is_first: true }, { token: u.token });
      const both = await Promise.all([set('111111'), set('222222')]);
      expect(both.map((r) => r.body.data).sort()).toEqual(['tradePasswordAlreadySet', 'tradePasswordSet']);
    });

    it('refuses anything but 6 digits, and a modify before it was ever set', async () => {
      const u = await user();
      for (const code of ['12345', '1234567', '12345a', '', ' 123456', '１２３４５６']) {
        const res = await t.current.post(UP, { type: 'transaction', fund_code_new: code, is_first: true }, { token: u.token });
        expect([code, res.status, res.body.data]).toEqual([code, 400, 'tradePasswordInvalid']);
      }
      const missing = await t.current.post(UP, { type: 'transaction', is_first: true }, { token: u.token });
      expect(missing.body.data).toBe('tradePasswordInvalid');
      const mod = await t.current.post(UP, { type: 'transaction', fund_code_new: '123456', is_first: false, password: u.password }, { token: u.token });
      expect([mod.status, mod.body.data]).toEqual([422, 'tradePasswordNotSet']);
      expect((await t.current.get(STATE, { token: u.token })).body.data.is_set).toBe(false);
    });

    it(`locks after ${TRADE_PASSWORD_MAX_FAILURES} wrong codes for ${TRADE_PASSWORD_LOCK_MINUTES} minutes, even for the right code, then opens again`, async () => {
      const u = await user();
      await t.current.post(UP, { type: 'transaction', fund_code_new: '246810', is_first: true }, { token: u.token });
      const id = await userId(u.phone);
      const db = t.current.database.db;
      const start = new Date(Date.now() + 1000);
      const attempt = (code: string, at: Date) => verifyTradePassword(db, id, code, at).then(() => 'ok', (e: ApiError) => `${e.statusCode} ${e.key}`);

      // A right code in between resets the count.
      for (let i = 0; i < TRADE_PASSWORD_MAX_FAILURES - 1; i++) expect(await attempt('000000', start)).toBe('422 tradePasswordIncorrect');
      expect(await attempt('246810', start)).toBe('ok');
      for (let i = 0; i < TRADE_PASSWORD_MAX_FAILURES - 1; i++) expect(await attempt('000000', start)).toBe('422 tradePasswordIncorrect');
      expect(await attempt('000000', start)).toBe('423 tradePasswordLocked');
      expect(await attempt('246810', start)).toBe('423 tradePasswordLocked');
      const state = (await t.current.get(STATE, { token: u.token })).body.data;
      expect(Date.parse(state.locked_until) - start.getTime()).toBe(TRADE_PASSWORD_LOCK_MINUTES * 60_000);

      const later = new Date(start.getTime() + TRADE_PASSWORD_LOCK_MINUTES * 60_000 + 1);
      expect(await attempt('246810', later)).toBe('ok');

      // Modifying it (with the login password) lifts a lock at once.
      for (let i = 0; i < TRADE_PASSWORD_MAX_FAILURES; i++) await attempt('000000', later);
      expect(await attempt('246810', later)).toBe('423 tradePasswordLocked');
      await t.current.post(UP, { type: 'transaction', fund_code_new: '135790', is_first: false, password: u.password }, { token: u.token });
      expect(await attempt('135790', later)).toBe('ok');
    });
  });
});
