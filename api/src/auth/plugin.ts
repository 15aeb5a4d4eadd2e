import type { FastifyInstance } from 'fastify';
import { calls } from '@invest/shared/contract';
import type { User } from '../db/schema';
import { ApiError } from '../http/errors';
import { route, subjectOf, type RouteContext } from '../http/route';
import { limitAs } from '../http/rate-limit';
import { checkCredentials, type Door } from './credentials';
import { prepareBurnHash } from './passwords';
import { issueToken, revokeToken } from './tokens';
import { modifyTradePassword, setTradePassword, tradePasswordState } from './trade-password';
import { changePassword, findUserById, findUserByPhone, registerUser } from './users';

/** Users: login, register, reset password with the old one, logout, and the login and transaction password changes. */
export async function authPlugin(app: FastifyInstance): Promise<void> {
  const { limiters } = app;
  // Login, forget and the password change share it: each checks the login password, so none is a second way to guess.
  const door: Door<User> = {
    devices: 'user',
    loginOf: (user) => user.phone,
    strangerFailures: [limiters.passwordFailuresPerPhoneAndIp, limiters.passwordFailuresPerPhone],
    deviceFailures: limiters.passwordFailuresPerDevice,
  };
  app.addHook('onReady', prepareBurnHash);

  route(
    app,
    calls.login,
    async ({ user: phone, password }, ctx) => {
      const user = await checkCredentials(door, ctx, await findUserByPhone(app.db, phone), password);
      if (!user) throw new ApiError(401, 'invalidAccountPassword');
      // Told only to whoever knows the password: the account's state is nobody else's business.
      if (user.disabledAt) throw new ApiError(403, 'accountDisabled');
      const { token, expiresAt } = await issueToken(
        app.db,
        { kind: 'user', id: user.id },
        app.apiConfig.tokenTtlDays,
        ctx.now,
      );
      return { token, id: user.id, user: user.phone, login: true, expires_at: expiresAt.toISOString() };
    },
    { limits: [limiters.loginPerIp] },
  );

  route(
    app,
    calls.register,
    async ({ user: phone, password, code }) => {
      await registerUser(app.db, { phone, password, code, currency: app.apiConfig.currency });
      return 'success' as const;
    },
    { limits: [limiters.registerPerIp, limiters.registerPerPhone] },
  );

  route(
    app,
    calls.forget,
    async ({ user: phone, password, new_password }, ctx) => {
      const user = await checkCredentials(door, ctx, await findUserByPhone(app.db, phone), password);
      if (!user) throw new ApiError(422, 'oldPasswordIncorrect');
      await changePassword(app.db, user.id, new_password, ctx.now);
      return 'passwordReset' as const;
    },
    { limits: [limiters.forgetPerIp] },
  );

  /**
   * The logged-in user's login password, checked like a login: a wrong one counts toward the same failure limits
   * of their phone (so this screen is no second way to guess it) and is refused with 'Incorrect password'.
   */
  async function checkLoginPassword(ctx: RouteContext, password: string) {
    const user = await findUserById(app.db, subjectOf(ctx).id);
    if (!user) throw new ApiError(401, 'unauthorized');
    limitAs(ctx.req, user.phone);
    if (!(await checkCredentials(door, ctx, user, password))) throw new ApiError(422, 'passwordIncorrect');
    return user;
  }

  route(app, calls.passwordUp, async (input, ctx) => {
    const subject = subjectOf(ctx);
    if (input.type === 'transaction') {
      if (input.is_first) {
        await setTradePassword(app.db, subject.id, input.fund_code_new, ctx.now);
        return 'tradePasswordSet' as const;
      }
      if (!input.password) throw new ApiError(400, 'requiredFields');
      await checkLoginPassword(ctx, input.password);
      await modifyTradePassword(app.db, subject.id, input.fund_code_new, ctx.now);
      return 'tradePasswordModified' as const;
    }
    const user = await checkLoginPassword(ctx, input.password);
    // Every other session ends (a phone left logged in somewhere is logged out); this one stays.
    await changePassword(app.db, user.id, input.password_new, ctx.now, subject.tokenId);
    return 'passwordChanged' as const;
  });

  route(app, calls.tradePasswordState, async (_input, ctx) => tradePasswordState(app.db, subjectOf(ctx).id, ctx.now));

  route(app, calls.logout, async (_input, ctx) => {
    await revokeToken(app.db, subjectOf(ctx).tokenId, ctx.now);
    return 'ok' as const;
  });
}
