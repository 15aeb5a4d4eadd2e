// Wallet: the contract's plain values (no zod), which the web apps' start may import.

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
  // Ours: the principal of a fund purchase, paid back as principal_returned.
  'fund_purchase',
] as const;

export const BILL_TYPES = ['all', 'income', 'expense'] as const;

/** Spec §9: recharge at least 5000, withdraw at least 10 (and the server's min_withdraw_count), loans at least 500. */
export const RECHARGE_MIN = 5000;
export const WITHDRAW_MIN = 10;
export const LOAN_MIN = 500;

/** Minor units per unit of the deployment currency (INR paise, MXN centavos). */
export const MINOR_PER_UNIT = 100;

/**
 * The most a user's wallet may hold, minor units (10^11 units): the ledger refuses a credit past it, and no request
 * may move more (a deployment's own maximum, the config call's max_amount, is at most this). It sits ~900 times below
 * 2^53, so a balance, a screen's sum of it with holdings and loans, and the ledger's int8 sums stay exact numbers.
 */
export const BALANCE_MAX = 10 ** 13;

export const RECHARGE_METHODS = ['bank', 'usdt'] as const;

/**
 * The TRC-USDT rate an operator sets, published by GET /v2/config under this tag: minor units of the deployment's
 * currency per 1 USDT, an integer so the money stays exact (8835 is ₹88.35 per USDT).
 */
export const USDT_RATE_SETTING = 'usdt_rate_minor';

/** The positive whole number a setting's value states, or null (unset, or anything else). */
export function positiveWholeOf(value: string | undefined): number | null {
  const n = /^\d{1,15}$/.test(value ?? '') ? Number(value) : 0;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** Recharge record states (spec §4): 1 in progress, 2 completed, 3 failed. */
export const RECHARGE_STATUS = { inProgress: 1, completed: 2, failed: 3 } as const;

/** Withdraw record states (spec §4): n in progress, y completed, b failed. */
export const WITHDRAW_STATUS = { inProgress: 'n', completed: 'y', failed: 'b' } as const;

/**
 * Server-sent events of the user's wallet (GET, Authorization header, so the client reads it with fetch rather than
 * EventSource): a `wallet` event after every committed change of the user's money, and when an operator completes
 * or fails one of their deposits or withdrawals. The account and records screens refetch then; their polling
 * (spec: 3 s) stays as the fallback.
 */
export const WALLET_STREAM_PATH = '/stock/success/v2/wallet/stream';
