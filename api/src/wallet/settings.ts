import { asc, eq, inArray } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  CUSTOMER_SERVICE_MODE,
  EMBED_ORIGINS_SETTING,
  embedOriginsOf,
  LANGUAGES_SETTING,
  languagesOf,
  positiveWholeOf,
  USDT_RATE_SETTING,
  WITHDRAW_MIN,
  type RechargeMethodInfo,
} from '@invest/shared/contract';
import { isServiceLink, SERVICE_LINK_SETTING } from '../chat/service-link';
import type { Db, DbOrTx } from '../db/database';
import { settings } from '../db/schema';
import { runStatement } from '../db/statement';
import { ApiError } from '../http/errors';
import { audit } from '../ops/audit';

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

/** Requests of at least this many minor units need two operators (ops/four-eyes.ts); unset or 0, one is enough. */
export const FOUR_EYES_SETTING = 'four_eyes_min';

// Positive where the readers take 0 as unset (useDeployment's min_withdraw_count, the USDT rate) or raise it (the loan term).
const isPositive = (v: string) => positiveWholeOf(v) !== null;
const isWhole = (v: string) => v === '0' || isPositive(v);
const isFlag = (v: string) => v === '0' || v === '1';
const isText = (v: string) => v.length > 0;
const within = (min: number, max: number) => (v: string) => isWhole(v) && Number(v) >= min && Number(v) <= max;

/**
 * The settings an operator may change (ops settings / setting-set), each with the check a value must pass; anything
 * else (the server's secrets, the config file's own values) is not theirs to set. min_withdraw_count is whole
 * units (spec §5); the other amounts integer minor units.
 */
const OPERATOR_SETTINGS: Record<string, (value: string) => boolean> = {
  min_withdraw_count: isPositive,
  [USDT_RATE_SETTING]: isPositive,
  loan_credit_limit: isWhole,
  loan_interest_bps: isWhole,
  loan_term_days: isPositive,
  loan_credit_score: isWhole,
  recharge_bank_enabled: isFlag,
  recharge_bank_account_name: isText,
  recharge_bank_name: isText,
  recharge_bank_account: isText,
  recharge_bank_ifsc: isText,
  recharge_bank_clabe: isText,
  recharge_usdt_enabled: isFlag,
  recharge_usdt_address: isText,
  // The trading rules (tradeRulesOf): fee in basis points and its minimum in whole units, the price collar, the
  // oldest exchange rate an order may use. Bounded so a typo cannot make every order free, ruinous or unfillable.
  trade_fee_bps: within(0, 1_000),
  trade_fee_min: within(0, 1_000),
  trade_price_collar_bps: within(1, 5_000),
  trade_fx_max_age_seconds: within(1, 86_400),
  // Withdrawals and loans of at least this many minor units need a second operator (ops/four-eyes.ts); 0: never.
  [FOUR_EYES_SETTING]: isWhole,
  // Customer service: whether the app polls for unread replies and shows its badge, and where its icons lead.
  [CUSTOMER_SERVICE_MODE]: isFlag,
  [SERVICE_LINK_SETTING]: isServiceLink,
  // The languages the menu offers (English among them), and the sites that may frame the widget page.
  [LANGUAGES_SETTING]: (v) => languagesOf(v) !== null,
  [EMBED_ORIGINS_SETTING]: (v) => embedOriginsOf(v) !== null,
};

/** Every setting an operator may change, by tag, with its value ('' when unset: the default applies). */
export async function operatorSettings(db: DbOrTx): Promise<{ tag: string; value: string }[]> {
  const tags = Object.keys(OPERATOR_SETTINGS).sort();
  const rows = await db.select().from(settings).where(inArray(settings.tag, tags)).orderBy(asc(settings.tag));
  const set = new Map(rows.map((r) => [r.tag, r.value]));
  return tags.map((tag) => ({ tag, value: set.get(tag) ?? '' }));
}

/** An operator sets one setting (or clears it with ''), audited with its old value; every screen sees it next read. */
export async function setSetting(db: Db, tag: string, value: string, operatorId: number, now: Date): Promise<{ tag: string; value: string }> {
  const valid = Object.hasOwn(OPERATOR_SETTINGS, tag) ? OPERATOR_SETTINGS[tag] : undefined;
  if (!valid) throw new ApiError(404, 'notFound');
  if (value !== '' && !valid(value)) throw new ApiError(422, 'invalidInput');
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(settings).where(eq(settings.tag, tag));
    if (value === '') await tx.delete(settings).where(eq(settings.tag, tag));
    else await tx.insert(settings).values({ tag, value }).onConflictDoUpdate({ target: settings.tag, set: { value } });
    await audit(tx, { operatorId, action: 'settings.set', target: tag, detail: { from: before?.value ?? null, to: value || null } }, now);
  });
  settingsChanged(db);
  return { tag, value };
}
