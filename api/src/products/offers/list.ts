/**
 * stock/list for block trading and QIP: the open offers as the caller sees them, with the engine's market price next
 * to the block price, whether a window is open, whether the caller may buy a qualified-only offer, and the most the
 * caller's available balance buys (the buy dialog's default quantity).
 */
import { BLOCK_MARGIN_BPS, blockMaxCount, type BlockMold, type Offer } from '@invest/shared/contract';
import { findWallet } from '../../ledger/accounts';
import type { TradeDeps } from '../../trading/orders';
import { fxRate, tradeRules } from '../../trading/rules';
import { isQualified, listOpenOffers, offerFields } from './store';
import { windowState } from './windows';

export async function offersFor(
  deps: Pick<TradeDeps, 'db' | 'market' | 'currency'>,
  userId: number,
  q: { mold: BlockMold; code?: string; page: number; limit: number },
  now: Date,
): Promise<{ rows: Offer[]; count: number }> {
  const { db, market, currency } = deps;
  const [{ rows, count }, qualified, wallet, rules] = await Promise.all([listOpenOffers(db, q), isQualified(db, userId), findWallet(db, userId, currency), tradeRules(db)]);
  const available = wallet?.available ?? 0;
  const t = now.getTime();
  const offers = market.at(now, () =>
    rows.map((row): Offer => {
      const fields = offerFields(row, market.engine);
      const inst = market.engine.instrument(row.code);
      // A rate the buy would refuse as stale is no rate to show a total with either.
      const fx = fxRate(market.engine, fields.currency, currency, t);
      const rate = fx && fx.rate > 0 && t - fx.asOf <= rules.fxMaxAgeSeconds * 1000 ? fx.rate : null;
      const w = windowState(fields.type, fields.windows, t);
      return {
        ...fields,
        market_price: inst ? market.engine.quote(inst.symbol).price : null,
        open_now: w.openNow,
        next_open_at: w.nextOpen === null ? null : new Date(w.nextOpen).toISOString(),
        qualified,
        settle_currency: currency,
        fx_rate: rate,
        margin_bps: BLOCK_MARGIN_BPS,
        max_count: rate === null ? 0 : blockMaxCount(available, row.price, rate),
      };
    }),
  );
  return { rows: offers, count };
}
