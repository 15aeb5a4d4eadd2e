/**
 * The published trading rules: fees, the price collar, the exchange-rate age, quantities, and the arithmetic that
 * turns market prices (floats in a quote currency) into money (integer minor units of the deployment currency).
 */
import { moneyOf, tradeRulesOf, type BillReason, type TradeRules, type TradeType } from '@invest/shared/contract';
import type { DbOrTx } from '../db/database';
import { ApiError } from '../http/errors';
import type { MarketEngine } from '../market/engine';
import type { Instrument } from '../market/types';
import { readSettings } from '../wallet/settings';

/** The rules as configured (settings rows trade_*), with the published defaults for any missing or bad row. */
export async function tradeRules(db: DbOrTx): Promise<TradeRules> {
  return tradeRulesOf(await readSettings(db, 'trade_'));
}

/** Money of `count` units at `price` (quote currency) converted at `rate`, refused when it is no amount at all. */
export function amountOf(count: number, price: number, rate: number): number {
  const v = moneyOf(count, price, rate);
  if (!Number.isSafeInteger(v) || v <= 0) throw new ApiError(422, 'invalidAmount');
  return v;
}

/** The positions screen's type of an instrument, or null when it cannot be traded (an index). */
export function tradeTypeOf(inst: Instrument): TradeType | null {
  if (inst.kind === 'index') return null;
  switch (inst.market) {
    case 'IN':
    case 'US':
    case 'MX':
      return 'stock';
    case 'FOREX':
      return 'forex';
    case 'FUTURE':
      return 'futures';
    case 'CGI':
      return 'treasury';
  }
}

const BUY_REASON: Record<TradeType, BillReason> = { stock: 'buyStock', forex: 'buyForex', futures: 'buyFutures', treasury: 'buyTreasury' };
const SELL_REASON: Record<TradeType, BillReason> = { stock: 'sellStock', forex: 'sellForex', futures: 'sellFutures', treasury: 'sellTreasury' };
export const buyReason = (t: string) => BUY_REASON[t as TradeType] ?? 'buyStock';
export const sellReason = (t: string) => SELL_REASON[t as TradeType] ?? 'sellStock';

export interface FxRate {
  /** Deployment currency per unit of the quote currency. */
  rate: number;
  /** UTC ms of the oldest quote the rate was made from. */
  asOf: number;
}

/**
 * The engine's own rate from `from` to `to`: a direct pair (USDINR), its inverse, or a cross through USD. Null when
 * the engine quotes no way between them.
 */
export function fxRate(engine: MarketEngine, from: string, to: string, now: number): FxRate | null {
  if (from === to) return { rate: 1, asOf: now };
  const direct = engine.instrument(`${from}${to}`);
  if (direct?.kind === 'forex') {
    const q = engine.quote(direct.symbol);
    return { rate: q.price, asOf: q.asOf };
  }
  const inverse = engine.instrument(`${to}${from}`);
  if (inverse?.kind === 'forex') {
    const q = engine.quote(inverse.symbol);
    return { rate: 1 / q.price, asOf: q.asOf };
  }
  if (from !== 'USD' && to !== 'USD') {
    const a = fxRate(engine, from, 'USD', now);
    const b = fxRate(engine, 'USD', to, now);
    if (a && b) return { rate: a.rate * b.rate, asOf: Math.min(a.asOf, b.asOf) };
  }
  return null;
}

/** A rate fresh enough to settle with, or 'Exchange rate has not been updated' (422). */
export function freshRate(engine: MarketEngine, from: string, to: string, now: number, rules: TradeRules): FxRate {
  const fx = fxRate(engine, from, to, now);
  if (!fx || !(fx.rate > 0) || now - fx.asOf > rules.fxMaxAgeSeconds * 1000) throw new ApiError(422, 'exchangeRateStale');
  return fx;
}

/** The engine's price moved past the collar from the price the user saw: 409 with the new price. */
export class PriceMovedError extends ApiError {
  constructor(
    readonly price: number,
    readonly seen: number,
    readonly collarBps: number,
  ) {
    super(409, 'priceMoved');
  }
}

/** Refuses when `price` (the engine's) is more than the collar away from `seen` (the user's). */
export function checkCollar(price: number, seen: number, rules: TradeRules): void {
  if (Math.abs(price - seen) * 10_000 > seen * rules.collarBps) throw new PriceMovedError(price, seen, rules.collarBps);
}
