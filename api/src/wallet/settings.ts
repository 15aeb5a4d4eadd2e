import { WITHDRAW_MIN, type RechargeMethodInfo } from '@invest/shared/contract';
import type { DbOrTx } from '../db/database';
import { runStatement } from '../db/statement';

/* Read on every money action and order: one prepared statement. */
const READ_SETTINGS_SQL = `select tag, value from settings where tag like any($1::text[]) or tag = 'min_withdraw_count'`;

/** Settings rows by tag: those starting with any of `prefixes`, and min_withdraw_count. */
export async function readSettings(db: DbOrTx, ...prefixes: string[]): Promise<Record<string, string>> {
  const rows = await runStatement<{ tag: string; value: string }>(db, 'settings_read', READ_SETTINGS_SQL, [prefixes.map((p) => `${p}%`)]);
  return Object.fromEntries(rows.map((r) => [r.tag, r.value]));
}

const whole = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 0 ? n : fallback;
};

/** Settings that describe how users pay in: kept out of the public config call, shown to logged-in users only. */
export const PRIVATE_SETTING_PREFIXES = ['recharge_'];

/**
 * The recharge methods and how to pay by each: a method is enabled only when an operator has switched it on and
 * entered where the money goes (the receiving bank account, or the TRC-20 address).
 */
export async function rechargeMethodInfo(db: DbOrTx, currency: string): Promise<RechargeMethodInfo[]> {
  const s = await readSettings(db, 'recharge_');
  const bank: Record<string, string> = {
    account_name: s.recharge_bank_account_name ?? '',
    bank: s.recharge_bank_name ?? '',
    account_number: s.recharge_bank_account ?? '',
    ...(currency === 'MXN' ? { clabe: s.recharge_bank_clabe ?? '' } : { ifsc: s.recharge_bank_ifsc ?? '' }),
  };
  const usdt = { address: s.recharge_usdt_address ?? '', network: 'TRC-20' };
  return [
    { method: 'bank', enabled: s.recharge_bank_enabled === '1' && Object.values(bank).every(Boolean), details: bank },
    { method: 'usdt', enabled: s.recharge_usdt_enabled === '1' && Boolean(usdt.address), details: usdt },
  ];
}

export interface WalletRules {
  /** Withdraw minimum in units: the larger of the spec's 10 and the configured min_withdraw_count. */
  minWithdrawUnits: number;
  loanCreditLimit: number;
  loanInterestBps: number;
  loanTermDays: number;
  creditScore: number;
}

export async function walletRules(db: DbOrTx): Promise<WalletRules> {
  const s = await readSettings(db, 'loan_');
  return {
    minWithdrawUnits: Math.max(WITHDRAW_MIN, whole(s.min_withdraw_count, 100)),
    loanCreditLimit: whole(s.loan_credit_limit, 5_000_000),
    loanInterestBps: whole(s.loan_interest_bps, 0),
    loanTermDays: Math.max(1, whole(s.loan_term_days, 30)),
    creditScore: whole(s.loan_credit_score, 100),
  };
}
