import { currencySymbol, direction, formatCompact, formatDate, formatMoney, formatTime, formatPercent, formatPrice, formatPriceIn, stripExchangeSuffix } from '../src/format';
import { i18n, initI18n } from '../src/i18n';

beforeAll(() => initI18n());
afterEach(() => i18n.changeLanguage('en'));

it('shows the rupee sign for IN and INR; pesos and dollars each with a mark of their own, in every deployment', () => {
  expect(currencySymbol('IN')).toBe('₹');
  expect(currencySymbol('INR')).toBe('₹');
  expect(currencySymbol('US')).toBe('US$');
  expect(currencySymbol('usd')).toBe('US$');
  expect(currencySymbol('MX')).toBe('MX$');
  expect(currencySymbol('MXN')).toBe('MX$');
  expect(currencySymbol('FOREX')).toBe('');
  expect(currencySymbol(undefined)).toBe('');
});

it('marks a market price with its currency: the sign before the mark, nonsense as --', () => {
  expect(formatPriceIn(283.49, 'USD')).toBe('US$283.49');
  expect(formatPriceIn(5386.5, 'MXN')).toBe('MX$5,386.50');
  expect(formatPriceIn(83.12345, 'INR', 4)).toBe('₹83.1235');
  expect(formatPriceIn(-1.5, 'US')).toBe('-US$1.50');
  expect(formatPriceIn(1.5, 'FOREX')).toBe('1.50');
  expect(formatPriceIn(Number.NaN, 'USD')).toBe('--');
});

it('strips .BO and .NS from codes only at the end', () => {
  expect(stripExchangeSuffix('RELIANCE.NS')).toBe('RELIANCE');
  expect(stripExchangeSuffix('TCS.BO')).toBe('TCS');
  expect(stripExchangeSuffix('AAPL')).toBe('AAPL');
  expect(stripExchangeSuffix('X.NSE')).toBe('X.NSE');
});

it('formats prices with 2 decimals (forex 4) and money from minor units', () => {
  expect(formatPrice(1234.5)).toBe('1,234.50');
  expect(formatPrice(83.12345, 4)).toBe('83.1235');
  expect(formatPrice(Number.NaN)).toBe('--');
  expect(formatMoney(123456, 'INR')).toBe('₹1,234.56');
  expect(formatMoney(-500, 'US')).toBe('-US$5.00');
  expect(formatMoney(538651, 'MXN')).toBe('MX$5,386.51');
  expect(formatMoney(Number.NaN, 'MXN')).toBe('--');
  expect(formatMoney(5000, 'INR', 1)).toBe('₹50.0');
});

it('signs percentages and tells the direction', () => {
  expect(formatPercent(1.234)).toBe('+1.23%');
  expect(formatPercent(-0.5)).toBe('-0.50%');
  expect(direction(0)).toBe('flat');
  expect(direction(-1)).toBe('down');
});

// German groups with dots and marks decimals with a comma; Spanish writes numbers as Mexico does, like English.
it.each([
  ['en', '27,968.76', '+1.23%', '₹1,234.56', '83.1235'],
  ['zh', '27,968.76', '+1.23%', '₹1,234.56', '83.1235'],
  ['de', '27.968,76', '+1,23%', '₹1.234,56', '83,1235'],
  ['es', '27,968.76', '+1.23%', '₹1,234.56', '83.1235'],
])('numbers follow the chosen language: %s', async (lng, price, percent, money, forex) => {
  await i18n.changeLanguage(lng);
  expect(formatPrice(27968.76)).toBe(price);
  expect(formatPercent(1.234)).toBe(percent);
  expect(formatMoney(123456, 'INR')).toBe(money);
  expect(formatPrice(83.12345, 4)).toBe(forex);
});

it.each([
  ['en', '10K', '1.2M'],
  ['de', '10.000', '1,2\u00a0Mio.'],
])('volumes are short in the chosen language: %s', async (lng, tenThousand, million) => {
  await i18n.changeLanguage(lng);
  expect(formatCompact(10_000)).toBe(tenThousand);
  expect(formatCompact(1_234_567)).toBe(million);
});

it('record times and dates follow the chosen language; nothing or nonsense shows as --', async () => {
  const iso = '2026-11-23T14:03:00';
  expect(formatTime(iso)).toBe('11/23/2026, 14:03');
  expect(formatDate(iso)).toBe('11/23/2026');
  await i18n.changeLanguage('de');
  expect(formatTime(iso)).toBe('23.11.2026, 14:03');
  expect(formatDate(iso)).toBe('23.11.2026');
  expect(formatTime(null)).toBe('--');
  expect(formatDate('not a date')).toBe('--');
});
