/** Display helpers of the spec's section 9: currency symbols by market, code suffixes, precision. */
import { DEFAULT_LANGUAGE, i18n, isLanguage, type Language } from './i18n';

export type Currency = 'INR' | 'MXN' | 'USD';

/*
 * The peso and the dollar both write "$", and a Mexican investor sees both on one screen (a US stock's price beside
 * what it costs in pesos). So each has its own mark, the same in every deployment: a mark that changed with the
 * deployment would make "$" mean pesos on one site and dollars on the other. The rupee's sign is unambiguous.
 */
const SYMBOLS: Record<string, string> = { IN: '₹', INR: '₹', US: 'US$', USD: 'US$', MX: 'MX$', MXN: 'MX$' };

/** The mark of a market's or a currency's amounts: ₹ for IN and INR, US$ for US and USD, MX$ for MX and MXN; unknown: none. */
export function currencySymbol(marketOrCurrency: string | null | undefined): string {
  return SYMBOLS[(marketOrCurrency ?? '').toUpperCase()] ?? '';
}

/** RELIANCE.NS → RELIANCE, TCS.BO → TCS; other codes unchanged. */
export function stripExchangeSuffix(code: string): string {
  return code.replace(/\.(BO|NS)$/i, '');
}

/**
 * The number conventions of each language: 27,968.76 in English, Chinese and Spanish, 27.968,76 in German. Spanish is
 * Mexico's: the deployment that offers it is the Mexican one, where 1,234.56 is how amounts are written (not Spain's
 * 1.234,56), and dates are day first.
 */
const NUMBER_LOCALES: Record<Language, string> = { en: 'en-US', zh: 'zh-CN', es: 'es-MX', de: 'de-DE' };

/** The chosen language's number locale; English until i18n has started. */
export function numberLocale(): string {
  const lng = i18n.language;
  return isLanguage(lng) ? NUMBER_LOCALES[lng] : NUMBER_LOCALES[DEFAULT_LANGUAGE];
}

// Building an Intl.NumberFormat is costly and lists format thousands of numbers: one per locale and precision.
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(decimals: number): Intl.NumberFormat {
  const locale = numberLocale();
  const key = `${locale}/${decimals}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(key, f);
  }
  return f;
}

/** Prices: 2 decimals (forex 4), in the chosen language's number format. */
export function formatPrice(value: number, decimals = 2): string {
  return Number.isFinite(value) ? numberFormat(decimals).format(value) : '--';
}

const compactFormats = new Map<string, Intl.NumberFormat>();
/** Large counts (volumes) short, the chosen language's way: 1.2M in English, 1,2 Mio. in German. */
export function formatCompact(value: number): string {
  const locale = numberLocale();
  let f = compactFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(locale, f);
  }
  return Number.isFinite(value) ? f.format(value) : '--';
}

/** A market price (a unit, not minor units) with its market's or currency's mark: 283.49 in USD → "US$283.49". */
export function formatPriceIn(value: number, marketOrCurrency: string | null | undefined, decimals = 2): string {
  return Number.isFinite(value) ? `${value < 0 ? '-' : ''}${currencySymbol(marketOrCurrency)}${numberFormat(decimals).format(Math.abs(value))}` : '--';
}

/** Money from integer minor units, e.g. 123456 → "₹1,234.56", in MXN "MX$1,234.56". */
export function formatMoney(minor: number, currency: string, decimals = 2): string {
  return formatPriceIn(minor / 100, currency, decimals);
}

/** Signed percent change: "+1.23%". */
export function formatPercent(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return '--';
  return `${value > 0 ? '+' : ''}${numberFormat(decimals).format(value)}%`;
}

/** The mask the eye toggle shows in place of an amount. */
export const MASK = '********';

/** Colour direction of a change: up, down or flat. */
export function direction(change: number): 'up' | 'down' | 'flat' {
  return change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
}

/** Display decimals: what the row says, else 2 (forex 4, treasury bonds 4 per 100 of face value). */
export function precisionOf(row: { precision?: number; market?: string }): number {
  if (typeof row.precision === 'number' && row.precision >= 0 && row.precision <= 8) return row.precision;
  return row.market === 'FOREX' || row.market === 'CGI' ? 4 : 2;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(withTime: boolean): Intl.DateTimeFormat {
  const locale = numberLocale();
  const key = `${locale}/${withTime}`;
  let f = dateTimeFormats.get(key);
  if (!f) {
    const time = withTime ? ({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const) : {};
    f = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', ...time });
    dateTimeFormats.set(key, f);
  }
  return f;
}

const dateOf = (iso: string | null | undefined): Date | null => {
  const d = iso ? new Date(iso) : null;
  return d && !Number.isNaN(d.getTime()) ? d : null;
};

/** A record's time in the user's language and zone: "11/23/2026, 14:03" in English. Missing or bad input: "--". */
export function formatTime(iso: string | null | undefined): string {
  const d = dateOf(iso);
  return d ? dateTimeFormat(true).format(d) : '--';
}

/** A date only: "11/23/2026" in English, "23.11.2026" in German. Missing or bad input: "--". */
export function formatDate(iso: string | null | undefined): string {
  const d = dateOf(iso);
  return d ? dateTimeFormat(false).format(d) : '--';
}
