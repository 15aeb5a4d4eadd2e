import { z } from 'zod';
import { Amount, defineCall, Minor, QueryId } from './envelope';
import { decimalNumber, wholeNumber } from './numbers';
import { opsRoutes } from './ops-routes';
import { routes } from './routes';
import { plainText } from './text';
import { Paging } from './market';
import { FUND_ORDER_STATUSES, FUND_PERIOD_MAX_DAYS, FUND_RETURN_MAX_PERCENT, FUND_STATUSES, percentToBps } from './values/funds';
export * from './values/funds';

/*
 * Units. Money (amount, issue_amount, sold_amount, profit) is integer minor units, like every amount of the API.
 * Returns (min_return, max_return, expected_return, return_rate) are percent numbers with at most 2 decimals
 * (4.5 = 4.5 %), each the return for the WHOLE term, not a yearly rate: profit at term = principal × rate / 100,
 * rounded down to the minor unit (fundProfit). investment_period is in days; times are ISO strings.
 */

/** A return as an operator types it: 0 to 100 %, at most 2 decimals (a JSON number or a form's decimal digits). */
export const ReturnPercent = decimalNumber(
  z
    .number({ error: 'fundReturnInvalid' })
    .min(0, 'fundReturnInvalid')
    .max(FUND_RETURN_MAX_PERCENT, 'fundReturnInvalid')
    .refine((n) => percentToBps(n) !== null, 'fundReturnInvalid'),
);

/** The spec's Fund, plus ours after `sold_amount`. */
export const Fund = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Percent for the whole term (see Units above). */
  min_return: z.number(),
  max_return: z.number(),
  /** Days. The screen shows days under 30, else whole months (fundCycle). */
  investment_period: z.number().int(),
  /** What one purchase costs, minor units. */
  amount: Minor,
  /** The most the project sells in all, minor units (a whole multiple of `amount`). */
  issue_amount: Minor,
  /** What is sold and not cancelled, minor units; never above issue_amount. */
  sold_amount: Minor,
  // Ours.
  /** The return a purchase is shown and recorded with: the middle of the range, a percent. Not guaranteed. */
  expected_return: z.number(),
  /** open (for purchases until end_time), settled or cancelled. */
  status: z.enum(FUND_STATUSES),
  /** When the term ends (ISO): every order of the project ends then; no purchase from then on. */
  end_time: z.string(),
  created_at: z.string(),
  /** Whether a purchase can go through now: open, before end_time and not sold out. */
  available: z.boolean(),
});
export type Fund = z.infer<typeof Fund>;

/** The spec's Fund order, plus ours after `project`. */
export const FundOrder = z.object({
  id: z.number().int(),
  /** The principal, minor units. */
  amount: Minor,
  /** The project's expected return when bought, a percent (not guaranteed). */
  expected_return: z.number(),
  /** active, completed or cancelled (FUND_ORDER_STATUSES); a string, so a screen can show any other as unknown. */
  status: z.string(),
  /** When the term ends (ISO). */
  end_time: z.string(),
  created_at: z.string(),
  project: z.object({
    name: z.string(),
    investment_period: z.number().int(),
    min_return: z.number(),
    max_return: z.number(),
  }),
  // Ours.
  project_id: z.number().int(),
  /** The return the operator settled with, a percent; null until completed. */
  return_rate: z.number().nullable(),
  /** Profit paid at settlement, minor units; null until completed. */
  profit: Minor.nullable(),
  /** When the order was completed or cancelled (ISO), else null. */
  closed_at: z.string().nullable(),
});
export type FundOrder = z.infer<typeof FundOrder>;

/** GET /v2/fund/list: projects open for purchase (not settled or cancelled), newest first. Paging is ours. */
export const fundList = defineCall({
  ...routes.fundList,
  input: z.strictObject(Paging),
  output: z.object({ rows: z.array(Fund), count: z.number().int() }),
});

/**
 * POST /stock/success/fund/purchase: buys one share of the project at its `amount`, debited from the wallet.
 * Refusals: fundNotFound (404), fundClosed, fundTermEnded, fundSoldOut (409), insufficientFunds (422).
 */
export const fundPurchase = defineCall({
  ...routes.fundPurchase,
  input: z.strictObject({ project_id: QueryId }),
  output: FundOrder,
});

/** GET /stock/success/fund/orders: the caller's orders, newest first; `status` filters (the screen's tabs). */
export const fundOrders = defineCall({
  ...routes.fundOrders,
  input: z.strictObject({
    status: z.enum(FUND_ORDER_STATUSES, { error: 'invalidInput' }).optional(),
    ...Paging,
  }),
  output: z.object({ rows: z.array(FundOrder), count: z.number().int() }),
});

/**
 * Ours: the caller cancels an active order before its term and gets the principal back (bill principal_returned),
 * no profit. Refusals: fundOrderNotFound (404), fundOrderNotActive, fundTermEnded (409).
 */
export const fundCancel = defineCall({
  ...routes.fundCancel,
  input: z.strictObject({ id: QueryId }),
  output: FundOrder,
});

/** An operator's row: the project with what it owes and whether its settlement is due. */
export const OpsFund = Fund.extend({
  /** Past its term and neither settled nor cancelled: an operator should settle it. */
  due: z.boolean(),
  active_orders: z.number().int(),
  /** The return it was settled with, a percent; null until settled. */
  return_rate: z.number().nullable(),
  /** Profit paid to its orders at settlement, minor units. */
  profit_paid: Minor,
  settled_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
});
export type OpsFund = z.infer<typeof OpsFund>;

export const opsFunds = defineCall({
  ...opsRoutes.opsFunds,
  input: z.strictObject({ status: z.enum(FUND_STATUSES, { error: 'invalidInput' }).optional(), ...Paging }),
  /** `due`: how many projects wait for settlement, whatever the filter. */
  output: z.object({ rows: z.array(OpsFund), count: z.number().int(), due: z.number().int() }),
});

/** A new fixed-term project: its term starts now and ends investment_period days later. */
export const opsFundCreate = defineCall({
  ...opsRoutes.opsFundCreate,
  input: z
    .strictObject({
      name: plainText(z.string({ error: 'requiredFields' }).trim().min(1, 'requiredFields').max(100, 'invalidInput')),
      min_return: ReturnPercent,
      max_return: ReturnPercent,
      investment_period: wholeNumber(
        z.number({ error: 'fundPeriodInvalid' }).int('fundPeriodInvalid').min(1, 'fundPeriodInvalid').max(FUND_PERIOD_MAX_DAYS, 'fundPeriodInvalid'),
      ),
      amount: Amount,
      issue_amount: Amount,
    })
    .refine((f) => f.min_return <= f.max_return, { message: 'fundReturnRangeInvalid', path: ['max_return'] })
    .refine((f) => f.issue_amount % f.amount === 0, { message: 'fundIssueAmountInvalid', path: ['issue_amount'] }),
  output: OpsFund,
});

/**
 * At or after term: pays every active order its principal (principal_returned) and principal × return_rate
 * (fund_project_profit), and closes the project. Refusals: notFound (404), fundReturnOutOfRange (400),
 * fundNotDue, fundAlreadySettled, fundClosed (409).
 */
export const opsFundSettle = defineCall({
  ...opsRoutes.opsFundSettle,
  input: z.strictObject({ return_rate: ReturnPercent }),
  output: OpsFund,
});

/** Cancels an open project: every active order gets its principal back (principal_returned), no profit. */
export const opsFundCancel = defineCall({
  ...opsRoutes.opsFundCancel,
  input: z.strictObject({
    reason: plainText(z.string({ error: 'invalidInput' }).trim().max(500, 'invalidInput')).optional(),
  }),
  output: OpsFund,
});
