import type { FastifyInstance } from 'fastify';
import { calls } from '@invest/shared/contract';
import { route, subjectOf } from '../http/route';
import { addCard, editCard, listCards } from './store';

/** The user's bank cards (withdrawal destinations). */
export async function bankCardsPlugin(app: FastifyInstance): Promise<void> {
  const { currency } = app.apiConfig;
  route(app, calls.bankList, async (_input, ctx) => listCards(app.db, subjectOf(ctx).id));
  route(app, calls.bankAdd, async (input, ctx) => addCard(app.db, subjectOf(ctx).id, currency, input));
  route(app, calls.bankEdit, async ({ id, type: _type, ...card }, ctx) => editCard(app.db, subjectOf(ctx).id, id, currency, card, ctx.now));
}
