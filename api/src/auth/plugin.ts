import type { FastifyInstance } from 'fastify';
import { calls } from '@invest/shared/contract';
import { ApiError } from '../http/errors';
import { route, subjectOf } from '../http/route';
import { checkCredentials } from './credentials';
import { prepareBurnHash } from './passwords';
import { issueToken, revokeToken } from './tokens';
import { changePassword, findUserByPhone, registerUser } from './users';

/** Users: login, register, reset password with the old one, logout. */
export async function authPlugin(app: FastifyInstance): Promise<void> {
  const { limiters } = app;
  // Login and forget share them: forget checks the old password too, so it is no second way to guess.
  const passwordFailures = [limiters.passwordFailuresPerPhoneAndIp, limiters.passwordFailuresPerPhone];
  app.addHook('onReady', prepareBurnHash);

  route(
    app,
    calls.login,
    async ({ user: phone, password }, ctx) => {
      const user = await checkCredentials(passwordFailures, ctx.req, await findUserByPhone(app.db, phone), password);
      if (!user) throw new ApiError(401, 'invalidAccountPassword');
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
      const user = await checkCredentials(passwordFailures, ctx.req, await findUserByPhone(app.db, phone), password);
      if (!user) throw new ApiError(422, 'oldPasswordIncorrect');
      await changePassword(app.db, user.id, new_password, ctx.now);
      return 'passwordReset' as const;
    },
    { limits: [limiters.forgetPerIp] },
  );

  route(app, calls.logout, async (_input, ctx) => {
    await revokeToken(app.db, subjectOf(ctx).tokenId, ctx.now);
    return 'ok' as const;
  });
}
