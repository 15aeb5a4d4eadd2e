/**
 * Orders and lots: placing a buy (filled at the engine's price, or resting with its money held), selling a lot by its
 * order number, cancelling, filling and expiring resting orders (the matcher), and the lists the screens read.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { feeOf, moneyOf, ORDER_STATUS, ORDER_STATUS_LABELS, type Order, type TradeRules, type TradeType } from '@invest/shared/contract';
import type { Db, DbOrTx, Tx } from '../db/database';
import { tradeOrders, type TradeOrderRow } from '../db/schema';
import { columnsOf, rowOf, runStatement } from '../db/statement';
import { ApiError } from '../http/errors';
import { walletId } from '../ledger/accounts';
import { alreadySettled, insufficientFunds, keyReused } from '../ledger/errors';
import { bookBuy, bookSell, holdForOrder, releaseOrderHold } from '../ledger/trading';
import { inLedgerTransaction, requestHash } from '../ledger/transfer';
import type { MarketService } from '../market/plugin';
import { getCalendar } from '../market/sessions';
import type { Instrument } from '../market/types';
import { checkMaxAmount } from '../wallet/amount-limit';
import { amountOf, buyReason, checkCollar, freshRate, fxRate, sellReason, tradeRules, tradeTypeOf, type FxRate } from './rules';

type Row = TradeOrderRow;
/** What trading needs of the market plugin's service: the engine, and reading it at one instant. */
export type Market = Pick<MarketService, 'engine' | 'at'>;

export interface TradeDeps {
  db: Db;
  market: Market;
  /** The deployment currency: every order settles in it. */
  currency: string;
  /** The most one order may cost, fee included (MAX_AMOUNT). */
  maxAmount: number;
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

export const newOrderNo = (now: Date) => `T${now.getTime().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

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

/*
 * A fill is one statement: the order row (inserted filled, or a resting one marked filled), its fill and the
 * position; the money follows as the ledger's transfers. The order's own rows come first and the money last, so the
 * system accounts' rows stay locked only from their transfer to the commit.
 */
const ORDER_COLUMNS = columnsOf(tradeOrders);

const FILL_TAIL = `
), fill as (
  insert into trade_fills (order_id, user_id, symbol, side, count, price, fx_rate, amount, fee, created_at)
  select id, user_id, symbol, 'buy', count, price, fx_rate, amount, fee, filled_at from filled
), lot as (
  insert into trade_positions as p (user_id, symbol, quantity, cost)
  select user_id, symbol, count, amount + fee from filled
  on conflict (user_id, symbol) do update set quantity = p.quantity + excluded.quantity, cost = p.cost + excluded.cost
)
select ${ORDER_COLUMNS} from filled`;

const PLACE_FILLED_SQL = `
with filled as (
  insert into trade_orders (no, user_id, idempotency_key, request_hash, symbol, market, type, mold, kind, tif, count, quote_currency,
                            settle_currency, seen_price, limit_price, created_at, status, price, fx_rate, fx_as_of, amount, fee, filled_at)
  values ($1::text, $2::int4, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::text, $11::int4, $12::text,
          $13::text, $14::float8, $15::float8, $16::timestamptz, $17::int4, $18::float8, $19::float8, $20::timestamptz, $21::int8, $22::int8, $16::timestamptz)
  on conflict do nothing
  returning ${ORDER_COLUMNS}${FILL_TAIL}`;

const FILL_RESTING_SQL = `
with filled as (
  update trade_orders set status = $2::int4, price = $3::float8, fx_rate = $4::float8, fx_as_of = $5::timestamptz, amount = $6::int8,
                          fee = $7::int8, held = 0, filled_at = $8::timestamptz
  where id = $1::int4 and status = $9::int4
  returning ${ORDER_COLUMNS}${FILL_TAIL}`;

export interface Fill {
  price: number;
  fx: FxRate;
  amount: number;
  fee: number;
}

function fillAt(count: number, at: { price: number; fx: FxRate }, rules: TradeRules): Fill {
  const amount = amountOf(count, at.price, at.fx.rate);
  return { ...at, amount, fee: feeOf(amount, rules) };
}

/**
 * POST deal/buy. Price checks (collar, exchange-rate age) use the engine at the request's instant; when one refuses,
 * a replay of the same key still answers with the first order, so a retry after a lost answer never fails on a
 * price that has moved since.
 */
export async function placeBuy(deps: TradeDeps, req: BuyRequest, now: Date): Promise<Row> {
  const { db, market, currency } = deps;
  const hash = requestHash({ tag: req.tag, count: req.count, price: req.price, seen: req.seenPrice, mold: req.mold, kind: req.kind, limit: req.limitPrice, tif: req.tif });
  const replayOf = async (db: DbOrTx): Promise<Row | null> => {
    const first = await findByKey(db, req.userId, req.key);
    if (first && first.requestHash !== hash) throw keyReused();
    return first ?? null;
  };
  let priced: { inst: Instrument; type: TradeType; rules: TradeRules; quote: { price: number; marketOpen: boolean }; fx: FxRate };
  try {
    if (req.mold !== 'stock') throw new ApiError(422, 'tradeNotAvailable');
    const { inst, type } = tradable(market, req.tag);
    const rules = await tradeRules(db);
    priced = market.at(now, () => {
      const q = market.engine.quote(inst.symbol);
      if (req.kind === 'market') checkCollar(q.price, req.seenPrice ?? req.price, rules);
      return { inst, type, rules, quote: q, fx: freshRate(market.engine, inst.currency, currency, now.getTime(), rules) };
    });
  } catch (err) {
    const first = await replayOf(db);
    if (first) return first;
    throw err;
  }
  const { inst, type, rules, quote, fx } = priced;
  const marketable = quote.marketOpen && (req.kind === 'market' || quote.price <= req.limitPrice!);

  return inLedgerTransaction(db, async (tx) => {
    const wallet = await walletId(tx, req.userId, currency);
    if (!wallet) throw insufficientFunds();
    const no = newOrderNo(now);
    const order = {
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
    };
    if (marketable) {
      const f = fillAt(req.count, { price: quote.price, fx }, rules);
      const filled = await insertFilledBuy(tx, { ...order, walletId: wallet, fill: f }, deps.maxAmount);
      // Nothing inserted: the same key raced in from another request, whose order answers.
      return filled ?? (await replayOf(tx)) ?? Promise.reject(keyReused());
    }

    const [inserted] = await tx.insert(tradeOrders).values(order).onConflictDoNothing().returning();
    if (!inserted) return (await replayOf(tx)) ?? Promise.reject(keyReused());
    // Resting: hold what it can cost. A market order waits for the next open, which may gap: it holds the collar
    // above today's price; a limit order never pays more than its limit.
    const basis = req.kind === 'limit' ? req.limitPrice! : quote.price * (1 + rules.collarBps / 10_000);
    const estimate = amountOf(req.count, basis, fx.rate);
    const held = estimate + feeOf(estimate, rules);
    checkMaxAmount(held, deps.maxAmount);
    const hold = await holdForOrder(tx, { key: `trade:${no}:hold`, walletId: wallet, amount: held, ref: no }, now);
    const expiresAt = req.kind === 'limit' && req.tif === 'day' ? dayOrderExpiry(market, inst, now) : null;
    const [resting] = await tx
      .update(tradeOrders)
      .set({ holdId: hold.id, held, amount: estimate, expiresAt })
      .where(eq(tradeOrders.id, inserted.id))
      .returning();
    return resting!;
  });
}

/** An order to insert filled: its row's values, the wallet that pays, and the fill (price, rate, amount, fee). */
export interface FilledBuy {
  no: string;
  userId: number;
  idempotencyKey: string;
  requestHash: string;
  symbol: string;
  market: string;
  type: string;
  mold: string;
  kind: string;
  tif: string;
  count: number;
  quoteCurrency: string;
  settleCurrency: string;
  seenPrice: number;
  limitPrice: number | null;
  createdAt: Date;
  walletId: number;
  fill: Fill;
}

/**
 * Inserts a buy filled at `o.fill` (the order, its fill and the position in one statement), then books its money
 * (amount and fee, both from the wallet). Null when the order's Idempotency-Key is taken (nothing was written).
 * Ordinary market orders and the products' own buys (block offers, at their block price) both fill through here.
 */
export async function insertFilledBuy(tx: Tx, o: FilledBuy, maxAmount: number): Promise<Row | null> {
  const { fill: f, createdAt: now } = o;
  const [raw] = await runStatement<Record<string, unknown>>(tx, 'trade_place_filled', PLACE_FILLED_SQL, [
    ...[o.no, o.userId, o.idempotencyKey, o.requestHash, o.symbol, o.market, o.type, o.mold, o.kind, o.tif, o.count, o.quoteCurrency],
    ...[o.settleCurrency, o.seenPrice, o.limitPrice, now.toISOString(), ORDER_STATUS.success, f.price, f.fx.rate, new Date(f.fx.asOf).toISOString(), f.amount, f.fee],
  ]);
  if (!raw) return null;
  checkMaxAmount(f.amount + f.fee, maxAmount);
  const filled = rowOf(tradeOrders, raw);
  await bookBuy(tx, { keyBase: `trade:${o.no}:buy`, walletId: o.walletId, currency: o.settleCurrency, reason: buyReason(o.type), amount: f.amount, fee: f.fee, ref: o.no, at: now });
  return filled;
}

/** Fills a resting buy at `price` (the engine's): the order, its fill and the position, then the money. */
async function fillResting(tx: Tx, o: Row, walletId: number, at: { price: number; fx: FxRate }, rules: TradeRules, now: Date): Promise<Row> {
  const f = fillAt(o.count, at, rules);
  const [raw] = await runStatement<Record<string, unknown>>(tx, 'trade_fill_resting', FILL_RESTING_SQL, [
    ...[o.id, ORDER_STATUS.success, f.price, f.fx.rate, new Date(f.fx.asOf).toISOString(), f.amount, f.fee, now.toISOString(), ORDER_STATUS.pending],
  ]);
  if (!raw) throw alreadySettled();
  const booking = { keyBase: `trade:${o.no}:buy`, walletId, currency: o.settleCurrency, reason: buyReason(o.type), amount: f.amount, fee: f.fee, ref: o.no, at: now };
  await bookBuy(tx, booking, o.holdId ? { id: o.holdId, amount: o.held } : null);
  return rowOf(tradeOrders, raw);
}

export const LOCK_LOT_SQL = `select ${ORDER_COLUMNS} from trade_orders where no = $1::text and user_id = $2::int4 for update`;

/** Closes a lot: the order marked sold, its sale's fill, the position reduced by the lot's count and `$9` of cost. */
export const SELL_SQL = `
with sold as (
  update trade_orders set state = 'sell', sell_key = $2::text, sell_price = $3::float8, sell_fx_rate = $4::float8, sell_amount = $5::int8,
                          sell_fee = $6::int8, realized_pnl = $7::int8, sold_at = $8::timestamptz
  where id = $1::int4
  returning ${ORDER_COLUMNS}
), fill as (
  insert into trade_fills (order_id, user_id, symbol, side, count, price, fx_rate, amount, fee, created_at)
  select id, user_id, symbol, 'sell', count, sell_price, sell_fx_rate, sell_amount, sell_fee, sold_at from sold
), lot as (
  update trade_positions p set quantity = p.quantity - s.count, cost = p.cost - $9::int8
  from sold s where p.user_id = s.user_id and p.symbol = s.symbol
)
select ${ORDER_COLUMNS} from sold`;

/**
 * POST deal/sell: the whole lot `no` at the engine's price, if it is the caller's open lot and its market is open.
 * The lot's row is locked for the sale, so of many sales of one lot exactly one books.
 */
export async function sellLot(deps: TradeDeps, req: { userId: number; key: string; no: string; sellPrice: number }, now: Date): Promise<Row> {
  const { db, market } = deps;
  const rules = await tradeRules(db);
  return inLedgerTransaction(db, async (tx) => {
    const [locked] = await runStatement<Record<string, unknown>>(tx, 'trade_lock_lot', LOCK_LOT_SQL, [req.no, req.userId]);
    const o = locked && rowOf(tradeOrders, locked);
    if (o && o.state === 'sell' && o.sellKey === req.key) return o; // a replay of this sale
    if (!o || o.status !== ORDER_STATUS.success || o.state !== 'buy') throw new ApiError(404, 'positionNotHeld');
    const { quote, fx } = market.at(now, () => {
      const q = market.engine.quote(o.symbol);
      if (!q.marketOpen) throw new ApiError(422, 'marketClosed');
      checkCollar(q.price, req.sellPrice, rules);
      return { quote: q, fx: freshRate(market.engine, o.quoteCurrency, o.settleCurrency, now.getTime(), rules) };
    });
    const wallet = await walletId(tx, o.userId, o.settleCurrency);
    if (!wallet) throw new ApiError(404, 'positionNotHeld');
    const amount = amountOf(o.count, quote.price, fx.rate);
    const fee = Math.min(feeOf(amount, rules), amount);
    const lotCost = (o.amount ?? 0) + o.fee;
    const [sold] = await runStatement<Record<string, unknown>>(tx, 'trade_sell', SELL_SQL, [
      ...[o.id, req.key, quote.price, fx.rate, amount, fee, amount - fee - lotCost, now.toISOString(), lotCost],
    ]);
    await bookSell(tx, { keyBase: `trade:${o.no}:sell`, walletId: wallet, currency: o.settleCurrency, reason: sellReason(o.type), amount, fee, ref: o.no, at: now });
    return rowOf(tradeOrders, sold!);
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
      const wallet = await walletId(tx, o.userId, o.settleCurrency);
      if (!wallet) return 'waiting';
      await fillResting(tx, o, wallet, at, rules, now);
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

/** One order of the user's by its number; null when the user has none by that number (another user's included). */
export async function findOrder(db: DbOrTx, userId: number, no: string): Promise<Row | null> {
  const [row] = await db.select().from(tradeOrders).where(and(eq(tradeOrders.no, no), eq(tradeOrders.userId, userId)));
  return row ?? null;
}

/** The user's order placed under Idempotency-Key `key`: a replay answers with it. */
export async function findByKey(db: DbOrTx, userId: number, key: string): Promise<Row | undefined> {
  const [row] = await db.select().from(tradeOrders).where(and(eq(tradeOrders.userId, userId), eq(tradeOrders.idempotencyKey, key)));
  return row;
}

export interface OrderQuery {
  status?: number;
  /** Leaves out orders of this status (the block orders' failed tab: every status but success). */
  exceptStatus?: number;
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
  if (q.exceptStatus !== undefined) where.push(ne(tradeOrders.status, q.exceptStatus));
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
  return db
    .select()
    .from(tradeOrders)
    .where(and(openLotOf(userId), type ? eq(tradeOrders.type, type) : undefined));
}

const openLotOf = (userId: number | AnyPgColumn) => and(eq(tradeOrders.userId, userId), eq(tradeOrders.status, ORDER_STATUS.success), eq(tradeOrders.state, 'buy'));

/**
 * The user's open lots as a JSON array of what valuing them reads, as a column of a statement that reads more of the
 * user: user info reads everything it shows in one round trip.
 */
export const lotsToValue = (userId: AnyPgColumn) =>
  sql<LotValuation[]>`(select coalesce(json_agg(json_build_object('symbol', ${tradeOrders.symbol}, 'count', ${tradeOrders.count}, 'quoteCurrency', ${tradeOrders.quoteCurrency}, 'settleCurrency', ${tradeOrders.settleCurrency}, 'fxRate', ${tradeOrders.fxRate})), '[]') from ${tradeOrders} where ${openLotOf(userId)})`;

/** What valuing an open lot reads of it. */
export type LotValuation = Pick<Row, 'symbol' | 'count' | 'quoteCurrency' | 'settleCurrency' | 'fxRate'>;

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
  /** The rate an open lot is valued at: the engine's now, else its fill rate. */
  const lotRate = (o: LotValuation) => rateOf(o.quoteCurrency, o.settleCurrency) ?? o.fxRate ?? 1;
  /** Value of an open lot now, minor units. */
  const valueOf = (o: LotValuation): number => moneyOf(o.count, priceOf(o.symbol), lotRate(o));
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
    return moneyOf(o.count, priceOf(o.symbol) - base, lotRate(o));
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

/** Market value of open lots at the engine's price, minor units: what user info adds to total assets. */
export function holdingsValue(market: Market, lots: readonly LotValuation[], now: Date): number {
  const { valueOf } = orderViews(market, now);
  return lots.reduce((sum, o) => sum + valueOf(o), 0);
}
