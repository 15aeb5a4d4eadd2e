import type { FastifyInstance } from 'fastify';
import { AUDIT_EXPORT_MAX, calls } from '@invest/shared/contract';
import { checkCredentials, type Door } from '../auth/credentials';
import { issueToken, revokeToken } from '../auth/tokens';
import type { Operator } from '../db/schema';
import { ApiError } from '../http/errors';
import { idParam, route, subjectOf } from '../http/route';
import { audit, exportAudit, listAudit } from './audit';
import { listInvitationCodes, saveInvitationCode } from './invitation-codes';
import { disableUser, enableUser, searchUsers, userDetail } from './users';
import { createOperator, findOperatorById, findOperatorByName, listOperators, OperatorExistsError, toOperatorRow } from './operators';

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
    return { id: operator.id, user: operator.username, role: operator.role };
  });

  const { currency } = app.apiConfig;
  route(app, calls.opsUsers, async (query) => searchUsers(app.db, currency, query));
  route(app, calls.opsUser, async (_input, ctx) => userDetail(app.db, app.market, currency, idParam(ctx), ctx.now));
  route(app, calls.opsUserDisable, async ({ reason }, ctx) => disableUser(app.db, currency, idParam(ctx), subjectOf(ctx).id, reason, ctx.now));
  route(app, calls.opsUserEnable, async (_input, ctx) => enableUser(app.db, currency, idParam(ctx), subjectOf(ctx).id, ctx.now));

  route(app, calls.opsOperators, async () => listOperators(app.db));
  route(app, calls.opsOperatorCreate, async ({ user, role }, ctx) => {
    try {
      const created = await createOperator(app.db, { username: user, role, via: { operatorId: subjectOf(ctx).id } });
      const operator = await findOperatorById(app.db, created.id);
      return { ...toOperatorRow(operator!), password: created.password };
    } catch (err) {
      if (err instanceof OperatorExistsError) throw new ApiError(409, 'operatorNameTaken');
      throw err;
    }
  });

  route(app, calls.opsAudit, async (query) => listAudit(app.db, query));
  route(app, calls.opsAuditExport, async (query) => exportAudit(app.db, query, AUDIT_EXPORT_MAX));
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
