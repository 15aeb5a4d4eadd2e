import {
  CUSTOMER_SERVICE_MODE,
  DEFAULT_LANGUAGE,
  DEFAULT_SERVICE_LINK,
  EMBED_ORIGINS_SETTING,
  embedOriginsOf,
  LANGUAGES,
  LANGUAGES_SETTING,
  languagesOf,
  MINOR_PER_UNIT,
  offeredLanguages,
  USDT_RATE_SETTING,
  type Language,
} from '@invest/shared';
import { TRADE_SETTING_DEFAULTS } from '@invest/shared/values/trading';

/**
 * How a setting's value is edited and read. Amounts: `units` are whole units of the deployment's currency
 * (min_withdraw_count, spec §5), `money` integer minor units (typed and shown as money); `bps` basis points
 * (100 = 1 %); `flag` '1' on, '0' or unset off; `link` an https URL or one of the app's routes; `languages` a
 * comma-separated list of language codes, the first the default, English always among them; `origins` web origins
 * separated by spaces.
 */
export type SettingKind = 'units' | 'money' | 'bps' | 'days' | 'seconds' | 'count' | 'flag' | 'text' | 'link' | 'languages' | 'origins' | 'other';

export type SettingSection = 'withdrawals' | 'loans' | 'recharge' | 'trading' | 'service' | 'app' | 'other';

export interface SettingSpec {
  kind: SettingKind;
  section: SettingSection;
  /** The smallest and largest value the API takes (whole numbers), when it bounds them. */
  min?: number;
  max?: number;
  /** The value in force while it is unset, as the API stores it; absent: unset means off or empty. */
  fallback?: string;
}

/** The settings the API lists (api/src/wallet/settings.ts), with the checks it applies; another tag is edited as text. */
export const SETTING_SPECS: Readonly<Record<string, SettingSpec>> = {
  min_withdraw_count: { kind: 'units', section: 'withdrawals', min: 1, fallback: '100' },
  four_eyes_min: { kind: 'money', section: 'withdrawals', min: 0 },
  loan_credit_limit: { kind: 'money', section: 'loans', min: 0, fallback: '5000000' },
  loan_interest_bps: { kind: 'bps', section: 'loans', min: 0, fallback: '0' },
  loan_term_days: { kind: 'days', section: 'loans', min: 1, fallback: '30' },
  loan_credit_score: { kind: 'count', section: 'loans', min: 0, fallback: '100' },
  recharge_bank_enabled: { kind: 'flag', section: 'recharge' },
  recharge_bank_account_name: { kind: 'text', section: 'recharge' },
  recharge_bank_name: { kind: 'text', section: 'recharge' },
  recharge_bank_account: { kind: 'text', section: 'recharge' },
  recharge_bank_ifsc: { kind: 'text', section: 'recharge' },
  recharge_bank_clabe: { kind: 'text', section: 'recharge' },
  recharge_usdt_enabled: { kind: 'flag', section: 'recharge' },
  recharge_usdt_address: { kind: 'text', section: 'recharge' },
  [USDT_RATE_SETTING]: { kind: 'money', section: 'recharge', min: 1 },
  trade_fee_bps: { kind: 'bps', section: 'trading', min: 0, max: 1_000, fallback: TRADE_SETTING_DEFAULTS.trade_fee_bps },
  trade_fee_min: { kind: 'units', section: 'trading', min: 0, max: 1_000, fallback: TRADE_SETTING_DEFAULTS.trade_fee_min },
  trade_price_collar_bps: { kind: 'bps', section: 'trading', min: 1, max: 5_000, fallback: TRADE_SETTING_DEFAULTS.trade_price_collar_bps },
  trade_fx_max_age_seconds: { kind: 'seconds', section: 'trading', min: 1, max: 86_400, fallback: TRADE_SETTING_DEFAULTS.trade_fx_max_age_seconds },
  [CUSTOMER_SERVICE_MODE]: { kind: 'flag', section: 'service' },
  customer_service_link: { kind: 'link', section: 'service', fallback: DEFAULT_SERVICE_LINK },
  [LANGUAGES_SETTING]: { kind: 'languages', section: 'app', fallback: DEFAULT_LANGUAGE },
  [EMBED_ORIGINS_SETTING]: { kind: 'origins', section: 'app' },
};

export const SECTIONS: readonly SettingSection[] = ['withdrawals', 'loans', 'recharge', 'trading', 'service', 'app', 'other'];

export const specOf = (tag: string): SettingSpec => SETTING_SPECS[tag] ?? { kind: 'other', section: 'other' };

/** Whole numbers as the API reads them: digits only, at most 15 (an exact number). */
const WHOLE = /^\d{1,15}$/;

/**
 * What a setting's editor sends for what is typed (`draft`), or the error key of the console's `setting.*` texts
 * that says why it cannot be sent. Money is typed in units with up to 2 decimals and sent in minor units.
 */
export function valueOf(spec: SettingSpec, draft: string): { value: string } | { problem: string } {
  const text = draft.trim();
  switch (spec.kind) {
    case 'money': {
      const m = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(text);
      if (!m) return { problem: 'money' };
      const minor = Number(m[1]) * MINOR_PER_UNIT + Number((m[2] ?? '').padEnd(2, '0'));
      return inRange(spec, minor) ? { value: String(minor) } : { problem: spec.min ? 'positive' : 'range' };
    }
    case 'units':
    case 'bps':
    case 'days':
    case 'seconds':
    case 'count': {
      if (!WHOLE.test(text)) return { problem: 'whole' };
      const n = Number(text);
      if (!inRange(spec, n)) return { problem: spec.max !== undefined ? 'range' : spec.min ? 'positive' : 'whole' };
      return { value: String(n) };
    }
    case 'link':
      return isServiceLink(text) ? { value: text } : { problem: 'link' };
    case 'languages':
      return languagesOf(text) ? { value: text } : { problem: 'languages' };
    case 'origins': {
      const origins = embedOriginsOf(text);
      return origins ? { value: origins.join(' ') } : { problem: 'origins' };
    }
    default:
      return text ? { value: text } : { problem: 'empty' };
  }
}

const inRange = (spec: SettingSpec, n: number) => Number.isSafeInteger(n) && n >= (spec.min ?? 0) && (spec.max === undefined || n <= spec.max);

/** Where the app's customer-service icons may lead (the API's own rule): one of its routes, or an https page. */
export function isServiceLink(link: string): boolean {
  if (/^\/(?![/\\])\S*$/.test(link)) return true;
  try {
    return new URL(link).protocol === 'https:';
  } catch {
    return false;
  }
}

/** What an editor shows for a stored value: money in units with its cents, the rest as stored. */
export function draftOf(spec: SettingSpec, value: string): string {
  if (spec.kind === 'money' && WHOLE.test(value)) return (Number(value) / MINOR_PER_UNIT).toFixed(2);
  return value;
}

/** The languages a stored value offers, in its order (the first the default); unset or not a list: English only. */
export const storedLanguages = (value: string): Language[] => [...offeredLanguages(value)];

/**
 * The languages setting's value: the default first, then the others in the app's order (en, zh, es, de). English is
 * always among them (the API refuses a list without it: every text falls back to English).
 */
export function languagesValue(chosen: readonly Language[], first: Language): string {
  const offered = chosen.includes(DEFAULT_LANGUAGE) ? chosen : [DEFAULT_LANGUAGE, ...chosen];
  return [first, ...LANGUAGES.filter((l) => l !== first && offered.includes(l))].join(',');
}
