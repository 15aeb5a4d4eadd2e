import { z } from 'zod';
import { defineCall, Minor, NoInput } from './envelope';
import { limitOf, Page } from './market';

/** The spec's bill reasons (section 3, Bill row): every ledger transfer is booked under one of them. */
export const BILL_REASONS = [
  'buyStock',
  'sellStock',
  'buyForex',
  'sellForex',
  'buyFutures',
  'sellFutures',
  'buyTreasury',
  'sellTreasury',
  'recharge',
  'withdraw',
  'borrow',
  'repay',
  'dividend',
  'interest',
  'withdrawRefund',
  'fund_project_profit',
  'principal_returned',
  'transactionExpenses',
] as const;
export const BillReason = z.enum(BILL_REASONS);
export type BillReason = z.infer<typeof BillReason>;

export const BILL_TYPES = ['all', 'income', 'expense'] as const;

/** One change of the user's wallet: amount is positive, `type` says which way; balance is the balance after it. */
export const Bill = z.object({
  id: z.number().int(),
  type: z.enum(['income', 'expense']),
  amount: Minor,
  balance: Minor,
  reason: BillReason,
  created_at: z.string(),
});
export type Bill = z.infer<typeof Bill>;

/** GET /stock/success/v2/bill: the wallet's entries, newest first. The spec sends only `type`; paging is ours. */
export const bills = defineCall({
  method: 'GET',
  path: '/stock/success/v2/bill',
  auth: 'user',
  input: z.strictObject({
    type: z.enum(BILL_TYPES, { error: 'invalidInput' }).default('all'),
    page: Page.default(1),
    limit: limitOf(100).default(20),
  }),
  output: z.object({ rows: z.array(Bill), count: z.number().int() }),
});

/** A broken ledger invariant, named for an operator: which rule, which account or transfer, what was found. */
export const LedgerBreach = z.object({ rule: z.string(), subject: z.string(), detail: z.string() });
export type LedgerBreach = z.infer<typeof LedgerBreach>;

export const opsLedgerVerify = defineCall({
  method: 'GET',
  path: '/ops/ledger/verify',
  auth: 'operator',
  input: NoInput,
  output: z.object({ ok: z.boolean(), breaches: z.array(LedgerBreach) }),
});
