import type { FastifyInstance } from 'fastify';
import { calls } from '@invest/shared/contract';
import { idempotencyKey, idParam, route, subjectOf } from '../../http/route';
import { checkMaxAmount } from '../../wallet/amount-limit';
import { cancelFundOrder, purchaseFund, userFundOrders } from './orders';
import { createFund, listOpenFunds, listOpsFunds, toOpsFund } from './projects';
import { FUND_REMINDER_INTERVAL_MS, FundReminder } from './reminder';
import { cancelFund, settleFund } from './settlement';

/** Fixed-term funds: projects, purchases, settlement at term and cancellation, and the settlement reminder. */
export async function fundsPlugin(app: FastifyInstance): Promise<void> {
  const { currency, maxAmount } = app.apiConfig;

  // The app's periodic jobs run when its matcher does: tests set its interval to 0 and drive them by hand.
  const reminder = new FundReminder(app.db, {
    intervalMs: app.matcherIntervalMs > 0 ? FUND_REMINDER_INTERVAL_MS : 0,
    lease: app.jobLease,
    clock: () => app.clock(),
    log: app.log,
  });
  app.addHook('onReady', async () => reminder.start());
  app.addHook('onClose', async () => reminder.stop());

  route(app, calls.fundList, async (paging, ctx) => listOpenFunds(app.db, paging, ctx.now));
  route(app, calls.fundPurchase, async ({ project_id }, ctx) =>
    purchaseFund(app.db, { userId: subjectOf(ctx).id, key: idempotencyKey(ctx), fundId: project_id, maxAmount }, ctx.now),
  );
  route(app, calls.fundOrders, async (q, ctx) => userFundOrders(app.db, subjectOf(ctx).id, q));
  route(app, calls.fundCancel, async ({ id }, ctx) => cancelFundOrder(app.db, { userId: subjectOf(ctx).id, key: idempotencyKey(ctx), orderId: id }, ctx.now));

  route(app, calls.opsFunds, async (q, ctx) => listOpsFunds(app.db, q, ctx.now));
  route(app, calls.opsFundCreate, async (input, ctx) => {
    checkMaxAmount(input.amount, maxAmount);
    const f = { name: input.name, minReturn: input.min_return, maxReturn: input.max_return, periodDays: input.investment_period, amount: input.amount, issueAmount: input.issue_amount, currency };
    const row = await createFund(app.db, f, subjectOf(ctx).id, ctx.now);
    return toOpsFund(app.db, row, ctx.now);
  });
  route(app, calls.opsFundSettle, async ({ return_rate }, ctx) => settleFund(app.db, idParam(ctx), return_rate, subjectOf(ctx).id, ctx.now));
  route(app, calls.opsFundCancel, async ({ reason }, ctx) => cancelFund(app.db, idParam(ctx), subjectOf(ctx).id, reason || null, ctx.now));
}
