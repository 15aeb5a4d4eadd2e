import { z } from 'zod';
import { Amount, defineCall, Minor, NoInput } from './envelope';
import { wholeNumber } from './numbers';
import { FirstApproval } from './ops';
import { opsRoutes } from './ops-routes';
import { routes } from './routes';
import { plainText } from './text';
import { BILL_REASONS, BILL_TYPES, RECHARGE_METHODS } from './values/wallet';
import { Paging, statusFilter } from './market';
export * from './values/wallet';

export const BillReason = z.enum(BILL_REASONS);
export type BillReason = z.infer<typeof BillReason>;

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
  ...routes.bills,
  input: z.strictObject({
    type: z.enum(BILL_TYPES, { error: 'invalidInput' }).default('all'),
    ...Paging,
  }),
  output: z.object({ rows: z.array(Bill), count: z.number().int() }),
});

/** A broken ledger invariant, named for an operator: which rule, which account or transfer, what was found. */
export const LedgerBreach = z.object({ rule: z.string(), subject: z.string(), detail: z.string() });
export type LedgerBreach = z.infer<typeof LedgerBreach>;

export const opsLedgerVerify = defineCall({
  ...opsRoutes.opsLedgerVerify,
  input: NoInput,
  output: z.object({ ok: z.boolean(), breaches: z.array(LedgerBreach) }),
});

export const RechargeMethod = z.enum(RECHARGE_METHODS, { error: 'rechargeMethodRequired' });
export type RechargeMethod = z.infer<typeof RechargeMethod>;

/** How to pay: the receiving account for bank transfers, the wallet address for TRC-20 USDT. */
export const RechargeMethodInfo = z.object({
  method: RechargeMethod,
  enabled: z.boolean(),
  /** bank: account_name, bank, account_number, ifsc (INR) or clabe (MXN); usdt: address, network. */
  details: z.record(z.string(), z.string()),
});
export type RechargeMethodInfo = z.infer<typeof RechargeMethodInfo>;

export const rechargeMethods = defineCall({
  ...routes.rechargeMethods,
  input: NoInput,
  output: z.array(RechargeMethodInfo),
});

export const RechargeRecord = z.object({
  id: z.number().int(),
  count: Minor,
  status: z.number().int(),
  created_at: z.string(),
  method: z.string(),
  /** The code the user quotes with the payment so the operator can match it. */
  reference: z.string(),
  payment_ref: z.string().nullable(),
  /** Why an operator failed it (status 3). */
  fail_reason: z.string().nullable(),
});
export type RechargeRecord = z.infer<typeof RechargeRecord>;

/** POST /stock/success/v2/recharge/add: the spec sends only `count`; method defaults to bank transfer. */
export const rechargeAdd = defineCall({
  ...routes.rechargeAdd,
  input: z.strictObject({
    count: Amount,
    method: RechargeMethod.default('bank'),
    /** The payment's reference at the user's bank (UTR), as they typed it. */
    payment_ref: plainText(z.string({ error: 'invalidInput' }).trim().max(128, 'invalidInput')).optional(),
  }),
  output: RechargeRecord,
});

export const rechargeRecords = defineCall({
  ...routes.rechargeRecords,
  input: z.strictObject(Paging),
  output: z.object({ rows: z.array(RechargeRecord), count: z.number().int() }),
});

export const WithdrawRecord = z.object({
  id: z.number().int(),
  count: Minor,
  status: z.string(),
  created_at: z.string(),
  bank: z.string(),
  /** The card or account number masked to its last 4 digits. */
  bank_card: z.string(),
  fail_reason: z.string().nullable(),
});
export type WithdrawRecord = z.infer<typeof WithdrawRecord>;

export const withdrawRecords = defineCall({
  ...routes.withdrawRecords,
  input: z.strictObject(Paging),
  output: z.object({ rows: z.array(WithdrawRecord), count: z.number().int() }),
});

/** POST /stock/success/money/access: withdraw `count` to the user's card `bank_id`. */
export const withdraw = defineCall({
  ...routes.withdraw,
  input: z.strictObject({
    bank_id: wholeNumber(z.number({ error: 'bankCardRequired' }).int('bankCardRequired').positive('bankCardRequired').max(2_147_483_647, 'bankCardRequired')),
    count: Amount,
  }),
  output: WithdrawRecord,
});

/** An operator's list rows: the record with the user's phone. */
const OpsRecharge = RechargeRecord.extend({ user: z.string() });
const OpsWithdrawal = WithdrawRecord.extend({ user: z.string(), first_approval: FirstApproval.optional() });
const OpsId = z.strictObject({});
/** An operator's reason for failing or rejecting a request: the user sees it. */
export const OpsReason = z.strictObject({
  reason: plainText(z.string({ error: 'requiredFields' }).trim().min(1, 'requiredFields').max(500, 'invalidInput')),
});

export const opsRecharges = defineCall({
  ...opsRoutes.opsRecharges,
  input: z.strictObject({ status: statusFilter(3), ...Paging }),
  output: z.object({ rows: z.array(OpsRecharge), count: z.number().int() }),
});
export const opsRechargeComplete = defineCall({ ...opsRoutes.opsRechargeComplete, input: OpsId, output: OpsRecharge });
export const opsRechargeFail = defineCall({ ...opsRoutes.opsRechargeFail, input: OpsReason, output: OpsRecharge });

export const opsWithdrawals = defineCall({
  ...opsRoutes.opsWithdrawals,
  input: z.strictObject({ status: z.enum(['n', 'y', 'b'], { error: 'invalidInput' }).optional(), ...Paging }),
  output: z.object({ rows: z.array(OpsWithdrawal), count: z.number().int() }),
});
export const opsWithdrawalComplete = defineCall({ ...opsRoutes.opsWithdrawalComplete, input: OpsId, output: OpsWithdrawal });
export const opsWithdrawalFail = defineCall({ ...opsRoutes.opsWithdrawalFail, input: OpsReason, output: OpsWithdrawal });

/** A setting as the operator sees it; an unset one has the value '' (the default applies). */
const OpsSetting = z.object({ tag: z.string(), value: z.string() });

/** The settings an operator may change (the wallet's: api/src/wallet/settings.ts), with their values. */
export const opsSettings = defineCall({ ...opsRoutes.opsSettings, input: NoInput, output: z.array(OpsSetting) });

/** Sets one of them, checked as that setting's values must be; '' clears it. Audited. */
export const opsSettingSet = defineCall({
  ...opsRoutes.opsSettingSet,
  input: z.strictObject({
    tag: z.string({ error: 'invalidInput' }).max(64, 'invalidInput'),
    value: plainText(z.string({ error: 'invalidInput' }).trim().max(256, 'invalidInput')),
  }),
  output: OpsSetting,
});
