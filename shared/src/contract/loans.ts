import { z } from 'zod';
import { Amount, defineCall, Minor, NoInput, QueryId } from './envelope';
import { FirstApproval } from './ops';
import { opsRoutes } from './ops-routes';
import { routes } from './routes';
import { Paging, statusFilter } from './market';
import { OpsReason } from './wallet';
export * from './values/loans';

export const LoanData = z.object({
  /** What the user owes now: principal and interest of unpaid loans, minor units. */
  amountDue: Minor,
  creditScore: z.number().int(),
  /** The credit limit less what is applied for or outstanding, minor units. */
  remainingAmount: Minor,
  /** Published terms: interest in basis points of the principal, and the term in days. */
  interestBps: z.number().int(),
  termDays: z.number().int(),
});
export type LoanData = z.infer<typeof LoanData>;

export const loanData = defineCall({ ...routes.loanData, input: NoInput, output: LoanData });

export const LoanRecord = z.object({
  id: z.number().int(),
  count: Minor,
  /** Index into LOAN_STATE_LABELS. */
  state: z.number().int(),
  /** When an approved loan is due (ISO), else null. */
  repayment_time: z.string().nullable(),
  created_at: z.string(),
  /** Interest due on repayment, minor units. */
  interest: Minor,
  reject_reason: z.string().nullable(),
});
export type LoanRecord = z.infer<typeof LoanRecord>;

export const loanAdd = defineCall({
  ...routes.loanAdd,
  input: z.strictObject({
    count: Amount,
  }),
  output: LoanRecord,
});

export const loanRecords = defineCall({
  ...routes.loanRecords,
  input: z.strictObject(Paging),
  output: z.object({ rows: z.array(LoanRecord), count: z.number().int() }),
});

/** Ours, beyond the spec: repay an unpaid loan from the wallet (principal, then interest as its own bill). */
export const loanRepay = defineCall({
  ...routes.loanRepay,
  input: z.strictObject({ id: QueryId }),
  output: LoanRecord,
});

const OpsLoan = LoanRecord.extend({ user: z.string(), first_approval: FirstApproval.optional() });
export const opsLoans = defineCall({
  ...opsRoutes.opsLoans,
  input: z.strictObject({ state: statusFilter(5), ...Paging }),
  output: z.object({ rows: z.array(OpsLoan), count: z.number().int() }),
});
export const opsLoanApprove = defineCall({ ...opsRoutes.opsLoanApprove, input: z.strictObject({}), output: OpsLoan });
export const opsLoanReject = defineCall({
  ...opsRoutes.opsLoanReject,
  input: OpsReason,
  output: OpsLoan,
});
