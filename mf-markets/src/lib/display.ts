import { stripExchangeSuffix } from '@invest/shared';

/**
 * The stock detail's name: the route's name segment, or, when that is the literal `undefined` (or missing),
 * the symbol without its .BO / .NS suffix (spec §2).
 */
export function displayName(name: string | undefined, symbol: string): string {
  const n = (name ?? '').trim();
  return n && n !== 'undefined' && n !== 'null' ? n : stripExchangeSuffix(symbol);
}
