import type { FastifyInstance } from 'fastify';
import { calls } from '@invest/shared/contract';
import { idempotencyKey, idParam, route, subjectOf } from '../../http/route';
import { allotIpo } from './allotment';
import { applyForIpo, ipoOrders, type IpoDeps } from './applications';
import { changeIpoStatus, createIpo, listIpos, listOpsIpos } from './issues';

/** IPOs: issues, applications held on the ledger, the seeded allotment. */
export async function ipoPlugin(app: FastifyInstance): Promise<void> {
  const deps: IpoDeps = { db: app.db, market: app.market, currency: app.apiConfig.currency, maxAmount: app.apiConfig.maxAmount };

  route(app, calls.ipoList, async (_input, ctx) => listIpos(app.db, subjectOf(ctx).id));
  route(app, calls.ipoBuy, async (input, ctx) => applyForIpo(deps, { userId: subjectOf(ctx).id, key: idempotencyKey(ctx), ...input }, ctx.now));
  route(app, calls.ipoOrders, async (input, ctx) => ipoOrders(app.db, subjectOf(ctx).id, input));

  route(app, calls.opsIpos, async (input) => listOpsIpos(app.db, input));
  route(app, calls.opsIpoCreate, async (input, ctx) => createIpo(app.db, app.market.engine, input, subjectOf(ctx).id, ctx.now));
  route(app, calls.opsIpoStatus, async ({ status }, ctx) => changeIpoStatus(app.db, idParam(ctx), status, subjectOf(ctx).id, ctx.now));
  route(app, calls.opsIpoAllot, async ({ shares }, ctx) => allotIpo(app.db, idParam(ctx), shares, subjectOf(ctx).id, ctx.now));
}
