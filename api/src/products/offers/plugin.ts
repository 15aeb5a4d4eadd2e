import type { FastifyInstance } from 'fastify';
import { calls } from '@invest/shared/contract';
import { idParam, route, subjectOf } from '../../http/route';
import { offersFor } from './list';
import { closeOffer, createOffer, listOpsOffers, setQualified } from './store';

/**
 * Block trading and QIP: the offers list, operators' offers and qualified investors. Buying is deal/buy with the
 * offer's mold (the trading plugin hands it to ./buy).
 */
export async function offersPlugin(app: FastifyInstance): Promise<void> {
  const deps = { db: app.db, market: app.market, currency: app.apiConfig.currency };

  route(app, calls.offerList, async (input, ctx) => offersFor(deps, subjectOf(ctx).id, input, ctx.now));

  route(app, calls.opsOffers, async (input) => listOpsOffers(app.db, app.market.engine, input));
  route(app, calls.opsOfferCreate, async (input, ctx) => createOffer(app.db, app.market.engine, input, subjectOf(ctx).id, ctx.now));
  route(app, calls.opsOfferClose, async (_input, ctx) => closeOffer(app.db, app.market.engine, idParam(ctx), subjectOf(ctx).id, ctx.now));
  route(app, calls.opsUserQualified, async ({ qualified }, ctx) => setQualified(app.db, idParam(ctx), qualified, subjectOf(ctx).id, ctx.now));
}
