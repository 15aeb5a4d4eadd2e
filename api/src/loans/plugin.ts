import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calls } from '@invest/shared/contract';
import { loans } from '../db/schema';
import { idempotencyKey, idParam, route, subjectOf } from '../http/route';
import { requireRealName } from '../kyc/gate';
import { checkMaxAmount } from '../wallet/amount-limit';
import { applyForLoan, approveLoan, opsLoanList, loanData, rejectLoan, repayLoan, userLoans } from './store';

/** Loans: the user's credit, applications and repayments, and the operators' decisions. */
export async function loansPlugin(app: FastifyInstance): Promise<void> {
  const { currency, maxAmount } = app.apiConfig;

  route(app, calls.loanData, async (_input, ctx) => loanData(app.db, subjectOf(ctx).id));
  route(app, calls.loanAdd, async ({ count }, ctx) => {
    checkMaxAmount(count, maxAmount);
    await requireRealName(app.db, subjectOf(ctx).id);
    const req = { userId: subjectOf(ctx).id, key: idempotencyKey(ctx), amount: count, currency };
    return (await applyForLoan(app.db, req, ctx.now)).record;
  });
  route(app, calls.loanRecords, async (paging, ctx) => userLoans(app.db, subjectOf(ctx).id, paging));
  route(app, calls.loanRepay, async ({ id }, ctx) => repayLoan(app.db, subjectOf(ctx).id, id, ctx.now));

  route(app, calls.opsLoans, async ({ state, ...paging }) => opsLoanList(app.db, state === undefined ? undefined : eq(loans.state, state), paging));
  route(app, calls.opsLoanApprove, async (_input, ctx) => approveLoan(app.db, idParam(ctx), subjectOf(ctx).id, ctx.now));
  route(app, calls.opsLoanReject, async ({ reason }, ctx) => rejectLoan(app.db, idParam(ctx), subjectOf(ctx).id, reason, ctx.now));
}
