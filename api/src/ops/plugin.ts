import type { FastifyInstance } from 'fastify';
import { calls } from '@invest/shared/contract';
import { checkCredentials, type Door } from '../auth/credentials';
import { issueToken, revokeToken } from '../auth/tokens';
import type { Operator } from '../db/schema';
import { ApiError } from '../http/errors';
import { route, subjectOf } from '../http/route';
import { audit, listAudit } from './audit';
import { listInvitationCodes, saveInvitationCode } from './invitation-codes';
import { findOperatorById, findOperatorByName } from './operators';

/** Operator session endpoints under /api/ops. Every action here is audited. */
export async function opsPlugin(app: FastifyInstance): Promise<void> {
  const { limiters } = app;
  const door: Door<Operator> = {
    devices: 'operator',
    loginOf: (operator) => operator.username,
    strangerFailures: [limiters.opsPasswordFailuresPerUserAndIp, limiters.opsPasswordFailuresPerUser],
    deviceFailures: limiters.passwordFailuresPerDevice,
  };

  route(
    app,
    calls.opsLogin,
    async ({ user: username, password }, ctx) => {
      const found = await findOperatorByName(app.db, username);
      const operator = await checkCredentials(door, ctx, found, password);
      if (!operator) {
        // Failed attempts are audited too: they are how an operator account under attack shows up.
        await audit(app.db, { operatorId: null, action: 'ops.login_failed', target: username, detail: { ip: ctx.req.ip } }, ctx.now);
        throw new ApiError(401, 'invalidAccountPassword');
      }
      const { token, expiresAt } = await app.db.transaction(async (tx) => {
        const issued = await issueToken(tx, { kind: 'operator', id: operator.id }, app.apiConfig.tokenTtlDays, ctx.now);
        await audit(tx, { operatorId: operator.id, action: 'ops.login', target: operator.username, detail: { ip: ctx.req.ip } }, ctx.now);
        return issued;
      });
      return { token, user: operator.username, expires_at: expiresAt.toISOString() };
    },
    { limits: [limiters.opsLoginPerIp] },
  );

  route(app, calls.opsMe, async (_input, ctx) => {
    const operator = await findOperatorById(app.db, subjectOf(ctx).id);
    if (!operator) throw new ApiError(401, 'unauthorized');
    return { id: operator.id, user: operator.username };
  });

  route(app, calls.opsAudit, async (query) => listAudit(app.db, query));
  route(app, calls.opsInvitationCodes, async () => listInvitationCodes(app.db));
  route(app, calls.opsInvitationCodeSave, async (input, ctx) => saveInvitationCode(app.db, input, subjectOf(ctx).id, ctx.now));

  route(app, calls.opsLogout, async (_input, ctx) => {
    const subject = subjectOf(ctx);
    await app.db.transaction(async (tx) => {
      await revokeToken(tx, subject.tokenId, ctx.now);
      await audit(tx, { operatorId: subject.id, action: 'ops.logout', target: null, detail: null }, ctx.now);
    });
    return 'ok' as const;
  });
}
