/**
 * Orders and lots: placing a buy (filled at the engine's price, or resting with its money held), selling a lot by its
 * order number, cancelling, filling and expiring resting orders (the matcher), and the lists the screens read.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { feeOf, MINOR_PER_UNIT, ORDER_STATUS, ORDER_STATUS_LABELS, type Order, type TradeRules, type TradeType } from '@invest/shared/contract';
import type { Db, DbOrTx, Tx } from '../db/database';
import { tradeFills, tradeOrders, tradePositions, type TradeOrderRow } from '../db/schema';
import { ApiError } from '../http/errors';
import { findWallet } from '../ledger/accounts';
import { insufficientFunds, keyReused } from '../ledger/errors';
import { bookBuy, bookSell, holdForOrder, releaseOrderHold } from '../ledger/trading';
import { inLedgerTransaction, requestHash } from '../ledger/transfer';
import type { MarketService } from '../market/plugin';
import { getCalendar } from '../market/sessions';
import type { Instrument } from '../market/types';
import { amountOf, buyReason, checkCollar, freshRate, fxRate, sellReason, tradeRules, tradeTypeOf, type FxRate } from './rules';

type Row = TradeOrderRow;
/** What trading needs of the market plugin's service: the engine, and reading it at one instant. */
export type Market = Pick<MarketService, 'engine' | 'at'>;

export interface TradeDeps {
  db: Db;
  market: Market;
  /** The deployment currency: every order settles in it. */
  currency: string;
}

export interface BuyRequest {
  userId: number;
  key: string;
  tag: string;
  count: number;
  price: number;
  seenPrice?: number;
  mold: string;
  kind: 'market' | 'limit';
  limitPrice?: number;
  tif: 'day' | 'gtc';
}

const newOrderNo = (now: Date) => `T${now.getTime().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

/** The tradable instrument behind a code, or 404 / 422 (an index). */
function tradable(market: Market, tag: string): { inst: Instrument; type: TradeType } {
  const inst = market.engine.instrument(tag);
  if (!inst) throw new ApiError(404, 'notFound');
  const type = tradeTypeOf(inst);
  if (!type) throw new ApiError(422, 'tradeNotAvailable');
  return { inst, type };
}

/** Close of the session a day order placed now belongs to: this one while open, else the next. */
function dayOrderExpiry(market: Market, inst: Instrument, now: Date): Date {
  const cal = getCalendar(inst.session, { alwaysOpen: market.engine.alwaysOpen });
  const s = cal.locate(now.getTime());
  return new Date(s.isOpen ? s.window.close : cal.window(s.window.td + 1).close);
}

/**
 * POST deal/buy. Price checks (collar, exchange-rate age) use the engine at the request's instant; a replay of the
 * same key answers the first order before any of them, so a retry after a lost answer never fails on a moved price.
 */
export async function placeBuy(deps: TradeDeps, req: BuyRequest, now: Date): Promise<Row> {
  const { db, market, currency } = deps;
  const hash = requestHash({ tag: req.tag, count: req.count, price: req.price, seen: req.seenPrice, mold: req.mold, kind: req.kind, limit: req.limitPrice, tif: req.tif });
  const replay = await findByKey(db, req.userId, req.key);
  if (replay) {
    if (replay.requestHash !== hash) throw keyReused();
    return replay;
  }
  if (req.mold !== 'stock') throw new ApiError(422, 'tradeNotAvailable');
  const { inst, type } = tradable(market, req.tag);
  const rules = await tradeRules(db);
  const { quote, fx } = market.at(now, () => {
    const q = market.engine.quote(inst.symbol);
    if (req.kind === 'market') checkCollar(q.price, req.seenPrice ?? req.price, rules);
    return { quote: q, fx: freshRate(market.engine, inst.currency, currency, now.getTime(), rules) };
  });
  const marketable = quote.marketOpen && (req.kind === 'market' || quote.price <= req.limitPrice!);

  return inLedgerTransaction(db, async (tx) => {
    const no = newOrderNo(now);
    const [inserted] = await tx
      .insert(tradeOrders)
      .values({
        no,
        userId: req.userId,
        idempotencyKey: req.key,
        requestHash: hash,
        symbol: inst.symbol,
        market: inst.market,
        type,
        mold: req.mold,
        kind: req.kind,
        tif: req.kind === 'limit' ? req.tif : 'day',
        count: req.count,
        quoteCurrency: inst.currency,
        settleCurrency: currency,
        seenPrice: req.seenPrice ?? req.price,
        limitPrice: req.kind === 'limit' ? req.limitPrice! : null,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      // The same key raced in from another request: answer with its order.
      const first = await findByKey(tx, req.userId, req.key);
      if (!first || first.requestHash !== hash) throw keyReused();
      return first;
    }
    const wallet = await findWallet(tx, req.userId, currency);
    if (!wallet) throw insufficientFunds();
    if (marketable) return fillBuy(tx, inserted, wallet.id, { price: quote.price, fx }, rules, now);

    // Resting: hold what it can cost. A market order waits for the next open, which may gap: it holds the collar
    // above today's price; a limit order never pays more than its limit.
    const basis = req.kind === 'limit' ? req.limitPrice! : quote.price * (1 + rules.collarBps / 10_000);
    const estimate = amountOf(req.count, basis, fx.rate);
    const held = estimate + feeOf(estimate, rules);
    const hold = await holdForOrder(tx, { key: `trade:${no}:hold`, walletId: wallet.id, amount: held, ref: no }, now);
    const expiresAt = req.kind === 'limit' && req.tif === 'day' ? dayOrderExpiry(market, inst, now) : null;
    const [resting] = await tx
      .update(tradeOrders)
      .set({ holdId: hold.id, held, amount: estimate, expiresAt })
      .where(eq(tradeOrders.id, inserted.id))
      .returning();
    return resting!;
  });
}

/** Fills a buy at `price` (the engine's): books the money, records the fill and the lot, and adds to the position. */
async function fillBuy(tx: Tx, o: Row, walletId: number, at: { price: number; fx: FxRate }, rules: TradeRules, now: Date): Promise<Row> {
  const amount = amountOf(o.count, at.price, at.fx.rate);
  const fee = feeOf(amount, rules);
  // The order's own rows first, the money last: the system accounts' rows stay locked only from their transfer to the
  // commit, which keeps the market side of every trade from serialising whole transactions.
  await tx.insert(tradeFills).values({ orderId: o.id, userId: o.userId, symbol: o.symbol, side: 'buy', count: o.count, price: at.price, fxRate: at.fx.rate, amount, fee, createdAt: now });
  await tx
    .insert(tradePositions)
    .values({ userId: o.userId, symbol: o.symbol, quantity: o.count, cost: amount + fee })
    .onConflictDoUpdate({
      target: [tradePositions.userId, tradePositions.symbol],
      set: { quantity: sql`${tradePositions.quantity} + ${o.count}`, cost: sql`${tradePositions.cost} + ${amount + fee}` },
    });
  const [filled] = await tx
    .update(tradeOrders)
    .set({ status: ORDER_STATUS.success, price: at.price, fxRate: at.fx.rate, fxAsOf: new Date(at.fx.asOf), amount, fee, held: 0, filledAt: now })
    .where(and(eq(tradeOrders.id, o.id), eq(tradeOrders.status, ORDER_STATUS.pending)))
    .returning();
  if (!filled) throw new ApiError(409, 'alreadySettled');
  await bookBuy(tx, { keyBase: `trade:${o.no}:buy`, walletId, currency: o.settleCurrency, reason: buyReason(o.type), amount, fee, ref: o.no, at: now }, o.holdId);
  return filled;
}

/**
 * POST deal/sell: the whole lot `no` at the engine's price, if it is the caller's open lot and its market is open.
 * The lot's row is locked for the sale, so of many sales of one lot exactly one books.
 */
export async function sellLot(deps: TradeDeps, req: { userId: number; key: string; no: string; sellPrice: number }, now: Date): Promise<Row> {
  const { db, market } = deps;
  const rules = await tradeRules(db);
  return inLedgerTransaction(db, async (tx) => {
    const [o] = await tx
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.no, req.no), eq(tradeOrders.userId, req.userId)))
      .for('update');
    if (o && o.state === 'sell' && o.sellKey === req.key) return o; // a replay of this sale
    if (!o || o.status !== ORDER_STATUS.success || o.state !== 'buy') throw new ApiError(404, 'positionNotHeld');
    const { quote, fx } = market.at(now, () => {
      const q = market.engine.quote(o.symbol);
      if (!q.marketOpen) throw new ApiError(422, 'marketClosed');
      checkCollar(q.price, req.sellPrice, rules);
      return { quote: q, fx: freshRate(market.engine, o.quoteCurrency, o.settleCurrency, now.getTime(), rules) };
    });
    const wallet = await findWallet(tx, o.userId, o.settleCurrency);
    if (!wallet) throw new ApiError(404, 'positionNotHeld');
    const amount = amountOf(o.count, quote.price, fx.rate);
    const fee = Math.min(feeOf(amount, rules), amount);
    await tx.insert(tradeFills).values({ orderId: o.id, userId: o.userId, symbol: o.symbol, side: 'sell', count: o.count, price: quote.price, fxRate: fx.rate, amount, fee, createdAt: now });
    const lotCost = (o.amount ?? 0) + o.fee;
    await tx
      .update(tradePositions)
      .set({ quantity: sql`${tradePositions.quantity} - ${o.count}`, cost: sql`${tradePositions.cost} - ${lotCost}` })
      .where(and(eq(tradePositions.userId, o.userId), eq(tradePositions.symbol, o.symbol)));
    const [sold] = await tx
      .update(tradeOrders)
      .set({ state: 'sell', sellKey: req.key, sellPrice: quote.price, sellFxRate: fx.rate, sellAmount: amount, sellFee: fee, realizedPnl: amount - fee - lotCost, soldAt: now })
      .where(eq(tradeOrders.id, o.id))
      .returning();
    await bookSell(tx, { keyBase: `trade:${o.no}:sell`, walletId: wallet.id, currency: o.settleCurrency, reason: sellReason(o.type), amount, fee, ref: o.no, at: now });
    return sold!;
  });
}

/** POST deal/cancel: a resting order of the caller's; its hold is released. Cancelling again answers the same. */
export async function cancelOrder(db: Db, req: { userId: number; no: string }, now: Date): Promise<Row> {
  return inLedgerTransaction(db, async (tx) => {
    const [o] = await tx
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.no, req.no), eq(tradeOrders.userId, req.userId)))
      .for('update');
    if (!o) throw new ApiError(404, 'notFound');
    if (o.status === ORDER_STATUS.cancelled) return o;
    if (o.status !== ORDER_STATUS.pending) throw new ApiError(409, 'orderNotPending');
    return close(tx, o, ORDER_STATUS.cancelled, now);
  });
}

async function close(tx: Tx, o: Row, status: number, now: Date): Promise<Row> {
  if (o.holdId) await releaseOrderHold(tx, o.holdId, now);
  const [closed] = await tx
    .update(tradeOrders)
    .set({ status, held: 0, closedAt: now })
    .where(and(eq(tradeOrders.id, o.id), eq(tradeOrders.status, ORDER_STATUS.pending)))
    .returning();
  if (!closed) throw new ApiError(409, 'orderNotPending');
  return closed;
}

export type MatchOutcome = 'filled' | 'expired' | 'cancelled' | 'waiting' | 'skipped';

/**
 * The matcher's step for one resting order, in its own transaction: the row is taken with FOR UPDATE SKIP LOCKED,
 * so an order another process is working on is skipped, and one that is no longer pending is left alone. A day
 * order past its session's close expires; a market order fills once its market is open; a limit order when the
 * engine's price is at or below its limit. Money that no longer covers the fill (a gap past the hold) cancels it.
 */
export async function matchOrder(deps: TradeDeps, id: number, now: Date, rules: TradeRules): Promise<MatchOutcome> {
  const { db, market } = deps;
  try {
    return await inLedgerTransaction(db, async (tx) => {
      const [o] = await tx
        .select()
        .from(tradeOrders)
        .where(and(eq(tradeOrders.id, id), eq(tradeOrders.status, ORDER_STATUS.pending)))
        .for('update', { skipLocked: true });
      if (!o) return 'skipped';
      if (o.expiresAt && o.expiresAt.getTime() <= now.getTime()) {
        await close(tx, o, ORDER_STATUS.expired, now);
        return 'expired';
      }
      const at = market.at(now, () => {
        const q = market.engine.quote(o.symbol);
        if (!q.marketOpen) return null;
        if (o.kind === 'limit' && !(q.price <= (o.limitPrice ?? 0))) return null;
        const fx = fxRate(market.engine, o.quoteCurrency, o.settleCurrency, now.getTime());
        // A stale rate: wait for a fresh one.
        if (!fx || now.getTime() - fx.asOf > rules.fxMaxAgeSeconds * 1000) return null;
        return { price: q.price, fx };
      });
      if (!at) return 'waiting';
      const wallet = await findWallet(tx, o.userId, o.settleCurrency);
      if (!wallet) return 'waiting';
      await fillBuy(tx, o, wallet.id, at, rules, now);
      return 'filled';
    });
  } catch (err) {
    if (!(err instanceof ApiError && err.key === 'insufficientFunds')) throw err;
    // The fill outgrew the hold and the wallet cannot pay the rest: the order is cancelled, its money freed.
    return inLedgerTransaction(db, async (tx) => {
      const [o] = await tx.select().from(tradeOrders).where(and(eq(tradeOrders.id, id), eq(tradeOrders.status, ORDER_STATUS.pending))).for('update', { skipLocked: true });
      if (!o) return 'skipped';
      await close(tx, o, ORDER_STATUS.cancelled, now);
      return 'cancelled';
    });
  }
}

export interface PendingOrder {
  id: number;
  symbol: string;
  kind: string;
  limitPrice: number | null;
  expiresAt: Date | null;
}

/** Resting orders, oldest first: the matcher's work list (each is checked again under its row lock). */
export async function pendingOrders(db: DbOrTx, limit = 1000): Promise<PendingOrder[]> {
  return db
    .select({ id: tradeOrders.id, symbol: tradeOrders.symbol, kind: tradeOrders.kind, limitPrice: tradeOrders.limitPrice, expiresAt: tradeOrders.expiresAt })
    .from(tradeOrders)
    .where(eq(tradeOrders.status, ORDER_STATUS.pending))
    .orderBy(tradeOrders.id)
    .limit(limit);
}

/** Whether a resting order has anything to do now (expire or fill): the rest wait without a transaction. */
export function isDue(market: Market, o: PendingOrder, now: Date): boolean {
  if (o.expiresAt && o.expiresAt.getTime() <= now.getTime()) return true;
  return market.at(now, () => {
    const q = market.engine.quote(o.symbol);
    return q.marketOpen && (o.kind === 'market' || q.price <= (o.limitPrice ?? 0));
  });
}

async function findByKey(db: DbOrTx, userId: number, key: string): Promise<Row | undefined> {
  const [row] = await db.select().from(tradeOrders).where(and(eq(tradeOrders.userId, userId), eq(tradeOrders.idempotencyKey, key)));
  return row;
}

export interface OrderQuery {
  status?: number;
  mold?: string;
  tag?: string;
  state?: 'buy' | 'sell';
  type?: TradeType;
  page: number;
  limit: number;
}

/** The caller's orders, newest first. Only ever the caller's: every query is scoped to the user. */
export async function listOrders(db: DbOrTx, userId: number, q: OrderQuery): Promise<{ rows: Row[]; count: number }> {
  const where: SQL[] = [eq(tradeOrders.userId, userId)];
  if (q.status !== undefined) where.push(eq(tradeOrders.status, q.status));
  if (q.mold) where.push(eq(tradeOrders.mold, q.mold));
  if (q.state) where.push(eq(tradeOrders.state, q.state));
  if (q.type) where.push(eq(tradeOrders.type, q.type));
  if (q.tag) where.push(sql`upper(${tradeOrders.symbol}) = upper(${q.tag})`);
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    db.select().from(tradeOrders).where(cond).orderBy(desc(tradeOrders.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(tradeOrders).where(cond),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/** Every open lot of the user (all types): for total assets and the positions sums. */
export async function openLots(db: DbOrTx, userId: number, type?: TradeType): Promise<Row[]> {
  const where: SQL[] = [eq(tradeOrders.userId, userId), eq(tradeOrders.status, ORDER_STATUS.success), eq(tradeOrders.state, 'buy')];
  if (type) where.push(eq(tradeOrders.type, type));
  return db.select().from(tradeOrders).where(and(...where));
}

/** Turns rows into the contract's Order, valuing open lots at the engine's price (one instant for all rows). */
export function orderViews(market: Market, now: Date) {
  const prices = new Map<string, number>();
  const rates = new Map<string, number | null>();
  const priceOf = (symbol: string) => {
    let p = prices.get(symbol);
    if (p === undefined) {
      p = market.at(now, () => market.engine.quote(symbol).price);
      prices.set(symbol, p);
    }
    return p;
  };
  const rateOf = (from: string, to: string) => {
    const k = `${from}${to}`;
    if (!rates.has(k)) rates.set(k, market.at(now, () => fxRate(market.engine, from, to, now.getTime())?.rate ?? null));
    return rates.get(k)!;
  };
  /** Value of an open lot now, minor units (its fill rate when the engine has none now). */
  const valueOf = (o: Row): number => {
    const rate = rateOf(o.quoteCurrency, o.settleCurrency) ?? o.fxRate ?? 1;
    return Math.round(o.count * priceOf(o.symbol) * rate * MINOR_PER_UNIT);
  };
  /**
   * Day's P&L of an open lot, minor units, as brokerages count it: from the previous close, or from the fill price
   * for a lot bought in the instrument's current (or, when closed, latest) session.
   */
  const dayPnlOf = (o: Row): number => {
    const quote = market.at(now, () => market.engine.quote(o.symbol));
    const instrument = market.engine.instrument(o.symbol);
    const sessionOpen = instrument
      ? getCalendar(instrument.session, { alwaysOpen: market.engine.alwaysOpen }).locate(now.getTime()).window.open
      : now.getTime();
    const boughtToday = o.filledAt !== null && o.filledAt.getTime() >= sessionOpen;
    const base = boughtToday ? (o.price ?? quote.prevClose) : quote.prevClose;
    const rate = rateOf(o.quoteCurrency, o.settleCurrency) ?? o.fxRate ?? 1;
    return Math.round(o.count * (priceOf(o.symbol) - base) * rate * MINOR_PER_UNIT);
  };
  const toOrder = (o: Row): Order => {
    const open = o.status === ORDER_STATUS.success && o.state === 'buy';
    const value = open ? valueOf(o) : null;
    const cost = (o.amount ?? 0) + o.fee;
    return {
      id: o.id,
      no: o.no,
      tag: o.symbol,
      name: market.engine.instrument(o.symbol)?.name ?? o.symbol,
      market: o.market,
      type: o.type as TradeType,
      mold: o.mold,
      state: o.state as 'buy' | 'sell',
      kind: o.kind as 'market' | 'limit',
      tif: o.tif as 'day' | 'gtc',
      count: o.count,
      price: o.price ?? o.limitPrice ?? o.seenPrice,
      limit_price: o.limitPrice,
      sell_price: o.sellPrice,
      currency: o.quoteCurrency,
      fx_rate: o.fxRate,
      sell_fx_rate: o.sellFxRate,
      price_all: o.amount ?? 0,
      fee: o.fee,
      cost,
      held: o.held,
      value,
      unrealized_pnl: value === null ? null : value - cost,
      sell_amount: o.sellAmount,
      sell_fee: o.sellFee,
      realized_pnl: o.realizedPnl,
      status: o.status,
      status_label: ORDER_STATUS_LABELS[o.status] ?? 'pending',
      created_at: o.createdAt.toISOString(),
      filled_at: o.filledAt?.toISOString() ?? null,
      sold_at: o.soldAt?.toISOString() ?? null,
      expires_at: o.expiresAt?.toISOString() ?? null,
      closed_at: o.closedAt?.toISOString() ?? null,
    };
  };
  return { toOrder, valueOf, dayPnlOf };
}

/** Market value of the user's open lots, minor units: what user info adds to total assets. */
export async function holdingsValue(db: DbOrTx, market: Market, userId: number, now: Date): Promise<number> {
  const lots = await openLots(db, userId);
  const { valueOf } = orderViews(market, now);
  return lots.reduce((sum, o) => sum + valueOf(o), 0);
}
