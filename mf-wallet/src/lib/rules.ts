import { LOAN_MIN, RECHARGE_MIN, WITHDRAW_MIN, type RechargeMethod } from '@invest/shared';
// The calls with their schemas (not @invest/shared's routes): a form checks what the API will parse.
import { calls as contract, type CallDef } from '@invest/shared/forms';
import { toMinor } from './money';

/**
 * What is wrong with a form, as the one message it shows: a translation key (hint.* are the API's own error keys,
 * wallet.* the screens' texts) and, for a broken limit, that limit in whole units to name in the message.
 * The spec's limits come first, in its order; then the contract's own zod rules for the request (the API parses
 * the same schema), so the form never sends what the server would refuse as malformed.
 */
export interface Issue {
  key: string;
  limit?: number;
}

function contractIssue(def: CallDef, input: unknown): Issue | null {
  const r = def.input.safeParse(input);
  return r.success ? null : { key: `hint.${r.error.issues[0]?.message ?? 'invalidInput'}` };
}

export interface RechargeFields {
  amount: string;
  method: RechargeMethod | null;
  paymentRef: string;
}

export const rechargeInput = (f: RechargeFields) => ({
  count: toMinor(Number(f.amount)),
  method: f.method ?? undefined,
  ...(f.paymentRef.trim() && { payment_ref: f.paymentRef.trim() }),
});

/** Spec §5 Recharge: an amount, then a method, then at least 5000. */
export function rechargeIssue(f: RechargeFields): Issue | null {
  if (!f.amount) return { key: 'recharge.amountRequired' };
  if (!f.method) return { key: 'hint.rechargeMethodRequired' };
  if (Number(f.amount) < RECHARGE_MIN) return { key: 'hint.rechargeAmountTooLow', limit: RECHARGE_MIN };
  return contractIssue(contract.rechargeAdd, rechargeInput(f));
}

export interface WithdrawFields {
  amount: string;
  cardId: number | null;
  /** The deployment's min_withdraw_count (default 100), whole units. */
  minWithdraw: number;
  /** Available balance, minor units; unknown while it loads. */
  available: number | undefined;
}

/**
 * The one withdraw minimum a screen states and enforces (spec §5): the spec's 10 or min_withdraw_count, whichever is
 * higher, as the server applies it, with the message of the rule that sets it. Two separate checks would let the
 * error name one figure while the hint names another.
 */
export function withdrawMinimum(minWithdraw: number): Issue & { limit: number } {
  return minWithdraw > WITHDRAW_MIN
    ? { key: 'withdraw.belowConfigured', limit: minWithdraw }
    : { key: 'withdraw.minAmount', limit: WITHDRAW_MIN };
}

/** Spec §5 Withdraw: at least the minimum, at most the balance, and a card. */
export function withdrawIssue(f: WithdrawFields): Issue | null {
  if (!f.amount) return { key: 'withdraw.amountRequired' };
  const n = Number(f.amount);
  const minimum = withdrawMinimum(f.minWithdraw);
  if (n < minimum.limit) return minimum;
  if (f.available !== undefined && toMinor(n) > f.available) return { key: 'hint.insufficientFunds' };
  if (f.cardId === null) return { key: 'hint.bankCardRequired' };
  return contractIssue(contract.withdraw, { bank_id: f.cardId, count: toMinor(n) });
}

export interface LoanFields {
  amount: string;
  /** Remaining credit, minor units; unknown while it loads. */
  remaining: number | undefined;
}

/** Spec §5 Loan: at least 500; ours: at most the remaining credit (the API refuses more). */
export function loanIssue(f: LoanFields): Issue | null {
  if (!f.amount) return { key: 'loan.amountRequired' };
  const n = Number(f.amount);
  if (n < LOAN_MIN) return { key: 'loan.minAmount', limit: LOAN_MIN };
  if (f.remaining !== undefined && toMinor(n) > f.remaining) return { key: 'hint.loanExceedsLimit' };
  return contractIssue(contract.loanAdd, { count: toMinor(n) });
}
