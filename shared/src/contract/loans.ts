import { z } from 'zod';
import { defineCall, Minor, NoInput } from './envelope';
import { Paging, statusFilter } from './market';
import { OpsReason } from './wallet';

/** Loan states (spec §4, labels by index): unapplied, applying, approved, rejected, unpaid, paid. */
export const LOAN_STATE = { applying: 1, approved: 2, rejected: 3, unpaid: 4, paid: 5 } as const;
export const LOAN_STATE_LABELS = ['unapplied', 'applying', 'approved', 'rejected', 'unpaid', 'paid'] as const;
/** Spec §9: a credit score of 80 or more is shown as positive; 100 by default. */
export const CREDIT_SCORE_POSITIVE = 80;

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

export const loanData = defineCall({ method: 'GET', path: '/stock/success/loans/data', auth: 'user', input: NoInput, output: LoanData });

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
  method: 'POST',
  path: '/stock/success/loans/add',
  auth: 'user',
  idempotent: true,
  input: z.strictObject({
    count: z.coerce.number({ error: 'invalidAmount' }).int('invalidAmount').positive('invalidAmount').max(Number.MAX_SAFE_INTEGER, 'invalidAmount'),
  }),
  output: LoanRecord,
});

const Id = z.coerce.number({ error: 'invalidInput' }).int('invalidInput').positive('invalidInput').max(2_147_483_647, 'invalidInput');

export const loanRecords = defineCall({
  method: 'GET',
  path: '/stock/success/loans/list',
  auth: 'user',
  input: z.strictObject(Paging),
  output: z.object({ rows: z.array(LoanRecord), count: z.number().int() }),
});

/** Ours, beyond the spec: repay an unpaid loan from the wallet (principal, then interest as its own bill). */
export const loanRepay = defineCall({
  method: 'POST',
  path: '/stock/success/loans/repay',
  auth: 'user',
  idempotent: true,
  input: z.strictObject({ id: Id }),
  output: LoanRecord,
});

const OpsLoan = LoanRecord.extend({ user: z.string() });
export const opsLoans = defineCall({
  method: 'GET',
  path: '/ops/loans',
  auth: 'operator',
  input: z.strictObject({ state: statusFilter(5), ...Paging }),
  output: z.object({ rows: z.array(OpsLoan), count: z.number().int() }),
});
export const opsLoanApprove = defineCall({ method: 'POST', path: '/ops/loans/:id/approve', auth: 'operator', input: z.strictObject({}), output: OpsLoan });
export const opsLoanReject = defineCall({
  method: 'POST',
  path: '/ops/loans/:id/reject',
  auth: 'operator',
  input: OpsReason,
  output: OpsLoan,
});
