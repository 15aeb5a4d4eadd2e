import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calls } from '@invest/shared/contract';
import { recharges, withdrawals } from '../db/schema';
import { requireRealName } from '../kyc/gate';
import { idempotencyKey, idParam, route, subjectOf } from '../http/route';
import { checkMaxAmount } from './amount-limit';
import { completeRecharge, failRecharge, listRecharges, requestRecharge, userRecharges } from './recharges';
import { operatorSettings, rechargeMethodInfo, setSetting } from './settings';
import { completeWithdrawal, failWithdrawal, opsWithdrawalList, requestWithdrawal, userWithdrawals } from './withdrawals';

/** Deposits and withdrawals: the user's requests and records, the operators' decisions and the wallet's settings. */
export async function walletPlugin(app: FastifyInstance): Promise<void> {
  const { currency, maxAmount } = app.apiConfig;

  route(app, calls.rechargeMethods, async () => rechargeMethodInfo(app.db, currency));
  route(app, calls.rechargeAdd, async (input, ctx) => {
    checkMaxAmount(input.count, maxAmount);
    const { record } = await requestRecharge(app.db, {
      userId: subjectOf(ctx).id,
      key: idempotencyKey(ctx),
      method: input.method,
      amount: input.count,
      paymentRef: input.payment_ref,
      currency,
    });
    return record;
  });
  route(app, calls.rechargeRecords, async (paging, ctx) => userRecharges(app.db, subjectOf(ctx).id, paging));

  route(app, calls.withdraw, async (input, ctx) => {
    checkMaxAmount(input.count, maxAmount);
    await requireRealName(app.db, subjectOf(ctx).id);
    const req = { userId: subjectOf(ctx).id, key: idempotencyKey(ctx), bankCardId: input.bank_id, amount: input.count, currency };
    return (await requestWithdrawal(app.db, req, ctx.now)).record;
  });
  route(app, calls.withdrawRecords, async (paging, ctx) => userWithdrawals(app.db, subjectOf(ctx).id, paging));

  route(app, calls.opsRecharges, async ({ status, ...paging }) =>
    listRecharges(app.db, status === undefined ? undefined : eq(recharges.status, status), paging),
  );
  route(app, calls.opsRechargeComplete, async (_input, ctx) => completeRecharge(app.db, idParam(ctx), subjectOf(ctx).id, ctx.now));
  route(app, calls.opsRechargeFail, async ({ reason }, ctx) => failRecharge(app.db, idParam(ctx), subjectOf(ctx).id, reason, ctx.now));

  route(app, calls.opsWithdrawals, async ({ status, ...paging }) =>
    opsWithdrawalList(app.db, status === undefined ? undefined : eq(withdrawals.status, status), paging),
  );
  route(app, calls.opsWithdrawalComplete, async (_input, ctx) => completeWithdrawal(app.db, idParam(ctx), subjectOf(ctx).id, ctx.now));
  route(app, calls.opsWithdrawalFail, async ({ reason }, ctx) => failWithdrawal(app.db, idParam(ctx), subjectOf(ctx).id, reason, ctx.now));

  route(app, calls.opsSettings, async () => operatorSettings(app.db));
  route(app, calls.opsSettingSet, async ({ tag, value }, ctx) => setSetting(app.db, tag, value, subjectOf(ctx).id, ctx.now));
}
