/**
 * A block trading or QIP buy (deal/buy with mold bulk or finalize and the offer's id): filled at once at the offer's
 * block price, never the engine's, with the 0.03% margin booked as transactionExpenses. The shares become an
 * ordinary stock lot (trade_orders), which deal/sell sells at the engine's price like any other.
 */
import { eq } from 'drizzle-orm';
import { blockMarginOf, OFFER_STATUS, type BlockMold, type OfferMarket } from '@invest/shared/contract';
import { verifyTradePassword } from '../../auth/trade-password';
import type { DbOrTx } from '../../db/database';
import { blockOfferOrders, blockOffers, type TradeOrderRow } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { walletId } from '../../ledger/accounts';
import { insufficientFunds, keyReused } from '../../ledger/errors';
import { inLedgerTransaction, requestHash } from '../../ledger/transfer';
import { findByKey, insertFilledBuy, newOrderNo, type TradeDeps } from '../../trading/orders';
import { amountOf, freshRate, tradeRules, tradeTypeOf } from '../../trading/rules';
import { checkMaxAmount } from '../../wallet/amount-limit';
import { findOffer, isQualified } from './store';
import { windowState } from './windows';

export interface BlockBuyRequest {
  userId: number;
  key: string;
  mold: BlockMold;
  offerId: number;
  tag: string;
  count: number;
  /** The price the screen showed; the offer's block price is what the buy pays. */
  price: number;
  /** The transaction code: the user's transaction password. */
  code: string;
}

/** The user's transaction password; a wrong one is the spec's 'Incorrect authorization key' (and counts toward the lock). */
async function checkCode(deps: TradeDeps, userId: number, code: string, now: Date): Promise<void> {
  try {
    await verifyTradePassword(deps.db, userId, code, now);
  } catch (err) {
    if (err instanceof ApiError && err.key === 'tradePasswordIncorrect') throw new ApiError(422, 'authorizationKeyIncorrect');
    throw err;
  }
}

/**
 * Checks in the order a user can act on them: the offer (open, of this mold and code), who may buy it, when, how
 * many; then the transaction code (last, so a refusal for another reason costs no attempt); then the money.
 */
export async function placeBlockBuy(deps: TradeDeps, req: BlockBuyRequest, now: Date): Promise<TradeOrderRow> {
  const { db, market, currency } = deps;
  const hash = requestHash({ block: req.offerId, mold: req.mold, tag: req.tag.toUpperCase(), count: req.count, price: req.price });
  const replayOf = async (from: DbOrTx) => {
    const first = await findByKey(from, req.userId, req.key);
    if (first && first.requestHash !== hash) throw keyReused();
    return first ?? null;
  };
  // A replay answers with its first order, whatever changed since (the window, the offer, the rate).
  const first = await replayOf(db);
  if (first) return first;

  const offer = await findOffer(db, req.offerId);
  if (!offer || offer.mold !== req.mold || offer.code.toUpperCase() !== req.tag.trim().toUpperCase()) throw new ApiError(404, 'notFound');
  if (offer.status !== OFFER_STATUS.open) throw new ApiError(422, 'offerClosed');
  if (offer.qualifiedOnly && !(await isQualified(db, req.userId))) throw new ApiError(403, 'offerQualifiedOnly');
  if (!windowState(offer.market as OfferMarket, offer.windows, now.getTime()).openNow) throw new ApiError(422, 'noAvailableTime');
  if (req.count < offer.minCount) throw new ApiError(400, 'quantityBelowMinimum');
  const inst = market.engine.instrument(offer.code);
  const type = inst && tradeTypeOf(inst);
  if (!inst || !type) throw new ApiError(404, 'notFound');

  await checkCode(deps, req.userId, req.code, now);

  const rules = await tradeRules(db);
  const fx = market.at(now, () => freshRate(market.engine, inst.currency, currency, now.getTime(), rules));
  const amount = amountOf(req.count, offer.price, fx.rate);
  const fee = blockMarginOf(amount);
  checkMaxAmount(amount + fee, deps.maxAmount);

  return inLedgerTransaction(db, async (tx) => {
    // Shared with other buys, exclusive with an operator closing it: no buy books after the close commits.
    const [locked] = await tx.select({ status: blockOffers.status }).from(blockOffers).where(eq(blockOffers.id, offer.id)).for('share');
    if (locked?.status !== OFFER_STATUS.open) throw new ApiError(422, 'offerClosed');
    const wallet = await walletId(tx, req.userId, currency);
    if (!wallet) throw insufficientFunds();
    const no = newOrderNo(now);
    const filled = await insertFilledBuy(
      tx,
      {
        no,
        userId: req.userId,
        idempotencyKey: req.key,
        requestHash: hash,
        symbol: inst.symbol,
        market: inst.market,
        type,
        mold: req.mold,
        kind: 'market',
        tif: 'day',
        count: req.count,
        quoteCurrency: inst.currency,
        settleCurrency: currency,
        seenPrice: req.price,
        limitPrice: null,
        createdAt: now,
        walletId: wallet,
        fill: { price: offer.price, fx, amount, fee },
      },
      deps.maxAmount,
    );
    // Nothing inserted: the same key raced in from another request, whose order answers.
    if (!filled) return (await replayOf(tx)) ?? Promise.reject(keyReused());
    await tx.insert(blockOfferOrders).values({ orderId: filled.id, offerId: offer.id, userId: req.userId, createdAt: now });
    return filled;
  });
}
