import { PgTransaction } from 'drizzle-orm/pg-core';
import { WITHDRAW_MIN, type RechargeMethodInfo } from '@invest/shared/contract';
import type { Db, DbOrTx } from '../db/database';
import { runStatement } from '../db/statement';

/*
 * Read on every money action and order, changed by an operator now and then: the whole table is kept per database
 * for SETTINGS_TTL_MS, so an action does not spend a round trip on it. A change shows within that time on every API
 * process; code that writes settings calls settingsChanged so this process sees it at once.
 */
const READ_SETTINGS_SQL = `select tag, value from settings`;
export const SETTINGS_TTL_MS = 2_000;
const cached = new WeakMap<DbOrTx, { at: number; rows: Promise<{ tag: string; value: string }[]> }>();

/** Forget this process's copy of the settings (after writing them). */
export function settingsChanged(db: Db): void {
  cached.delete(db);
}

function settingsRows(db: DbOrTx): Promise<{ tag: string; value: string }[]> {
  // A transaction reads its own snapshot; only the database's reads are shared.
  if (db instanceof PgTransaction) return runStatement(db, 'settings_read', READ_SETTINGS_SQL, []);
  const hit = cached.get(db);
  if (hit && Date.now() - hit.at < SETTINGS_TTL_MS) return hit.rows;
  const rows = runStatement<{ tag: string; value: string }>(db, 'settings_read', READ_SETTINGS_SQL, []);
  cached.set(db, { at: Date.now(), rows });
  // A failed read is not kept: the next action asks again.
  rows.catch(() => {
    if (cached.get(db)?.rows === rows) cached.delete(db);
  });
  return rows;
}

/** Settings rows by tag: those starting with any of `prefixes`, and min_withdraw_count. */
export async function readSettings(db: DbOrTx, ...prefixes: string[]): Promise<Record<string, string>> {
  const rows = await settingsRows(db);
  const wanted = (tag: string) => tag === 'min_withdraw_count' || prefixes.some((p) => tag.startsWith(p));
  return Object.fromEntries(rows.filter((r) => wanted(r.tag)).map((r) => [r.tag, r.value]));
}

const whole = (v: string | undefined, fallback: number) => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n >= 0 ? n : fallback;
};

/**
 * Settings kept out of the public config call: how users pay in (shown to logged-in users by their own call) and the
 * server's own secrets (shown to no one: auth/device-cookies.ts).
 */
export const PRIVATE_SETTING_PREFIXES = ['recharge_', 'secret_'];

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
