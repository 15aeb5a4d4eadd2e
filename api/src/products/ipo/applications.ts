/**
 * Applications: one per user per issue, its amount held on the ledger (not debited) until the allotment; and the IPO
 * orders screen's two lists, the applications and the sales of allotted lots.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { IPO_ORDER_TABS, ipoCode, ipoOpen, ipoQuantityIssue, type IpoOrder } from '@invest/shared/contract';
import type { Db, DbOrTx } from '../../db/database';
import { ipoApplications, ipos, tradeOrders } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { walletId } from '../../ledger/accounts';
import { insufficientFunds, keyReused } from '../../ledger/errors';
import { placeHold } from '../../ledger/holds';
import { inLedgerTransaction, requestHash } from '../../ledger/transfer';
import type { Market } from '../../trading/orders';
import { amountOf, freshRate, tradeRules } from '../../trading/rules';
import { checkMaxAmount } from '../../wallet/amount-limit';
import { applicationRow, saleRow, type ApplicationRow, type IpoRow } from './views';

export interface IpoDeps {
  db: Db;
  market: Market;
  /** The deployment currency: held money is in it. */
  currency: string;
  maxAmount: number;
}

export interface Application {
  userId: number;
  key: string;
  id: number;
  tag?: string;
  count: number;
  price?: number;
}

const newApplicationNo = (now: Date) => `P${now.getTime().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

/** Whether `tag` names the issue's symbol, with or without its .BO/.NS suffix. */
const sameCode = (tag: string, symbol: string) => [symbol, ipoCode(symbol)].some((s) => s.toUpperCase() === tag.trim().toUpperCase());

async function byKey(db: DbOrTx, userId: number, key: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(ipoApplications).where(and(eq(ipoApplications.userId, userId), eq(ipoApplications.idempotencyKey, key)));
  return row;
}

async function withIssue(db: DbOrTx, a: ApplicationRow): Promise<IpoOrder> {
  const [ipo] = await db.select().from(ipos).where(eq(ipos.id, a.ipoId));
  const [lot] = a.lotOrderId ? await db.select({ no: tradeOrders.no }).from(tradeOrders).where(eq(tradeOrders.id, a.lotOrderId)) : [];
  return applicationRow(a, ipo!, lot?.no ?? null);
}

/** The refusals an issue gives an application, in the order the user can act on them. */
function checkApplication(ipo: IpoRow | undefined, req: Application): IpoRow {
  if (!ipo || (req.tag !== undefined && !sameCode(req.tag, ipo.symbol))) throw new ApiError(404, 'notFound');
  if (!ipoOpen(ipo)) throw new ApiError(422, 'ipoNotOpen');
  const issue = ipoQuantityIssue(req.count, ipo);
  if (issue) throw new ApiError(400, issue);
  if (req.price !== undefined && Math.abs(req.price - ipo.issuePrice) > 1e-9 * ipo.issuePrice) throw new ApiError(409, 'ipoPriceChanged');
  return ipo;
}

/**
 * POST ipo/buy. The amount (count × issue price at the rate of now, no fee) is held on the wallet. The issue's row is
 * share-locked while the application is made, so an allotment or a status change waits for it (and it for them).
 * A replay of the key answers with the first application as it is now, whatever has changed since.
 */
export async function applyForIpo(deps: IpoDeps, req: Application, now: Date): Promise<IpoOrder> {
  const { db, market, currency } = deps;
  const hash = requestHash({ id: req.id, tag: req.tag, count: req.count, price: req.price });
  const replay = async (db: DbOrTx) => {
    const first = await byKey(db, req.userId, req.key);
    if (first && first.requestHash !== hash) throw keyReused();
    return first;
  };
  let priced: { ipo: IpoRow; rate: number; amount: number };
  try {
    const [found] = await db.select().from(ipos).where(eq(ipos.id, req.id));
    const ipo = checkApplication(found, req);
    const rules = await tradeRules(db);
    const fx = market.at(now, () => freshRate(market.engine, ipo.currency, currency, now.getTime(), rules));
    const amount = amountOf(req.count, ipo.issuePrice, fx.rate);
    checkMaxAmount(amount, deps.maxAmount);
    priced = { ipo, rate: fx.rate, amount };
  } catch (err) {
    const first = await replay(db);
    if (first) return withIssue(db, first);
    throw err;
  }
  const { rate, amount } = priced;

  return inLedgerTransaction(db, async (tx) => {
    const [locked] = await tx.select().from(ipos).where(eq(ipos.id, req.id)).for('share');
    const first = await replay(tx);
    if (first) return withIssue(tx, first);
    const ipo = checkApplication(locked, req);
    const wallet = await walletId(tx, req.userId, currency);
    if (!wallet) throw insufficientFunds();
    const no = newApplicationNo(now);
    const [inserted] = await tx
      .insert(ipoApplications)
      .values({ no, ipoId: ipo.id, userId: req.userId, idempotencyKey: req.key, requestHash: hash, count: req.count, price: ipo.issuePrice, fxRate: rate, settleCurrency: currency, held: amount, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      // The same key from a request that raced this one answers as a replay; anything else is a second application.
      const raced = await replay(tx);
      if (raced) return withIssue(tx, raced);
      throw new ApiError(409, 'ipoAlreadyApplied');
    }
    const hold = await placeHold(tx, { key: `ipo:${no}:hold`, account: wallet, amount, ref: no }, now);
    const [held] = await tx.update(ipoApplications).set({ holdId: hold.id }).where(eq(ipoApplications.id, inserted.id)).returning();
    return applicationRow(held!, ipo, null);
  });
}

/** GET ipo/list: the caller's Application Records (tab 0) or Sales Record (tab 1), newest first. */
export async function ipoOrders(db: DbOrTx, userId: number, q: { tab: number; page: number; limit: number }): Promise<{ rows: IpoOrder[]; count: number }> {
  const offset = (q.page - 1) * q.limit;
  if (q.tab === IPO_ORDER_TABS.sales) {
    const where = and(eq(tradeOrders.userId, userId), eq(tradeOrders.mold, 'ipo'), eq(tradeOrders.state, 'sell'));
    const [rows, [total]] = await Promise.all([
      db
        .select({ lot: tradeOrders, a: ipoApplications, ipo: ipos })
        .from(tradeOrders)
        .innerJoin(ipoApplications, eq(ipoApplications.lotOrderId, tradeOrders.id))
        .innerJoin(ipos, eq(ipos.id, ipoApplications.ipoId))
        .where(where)
        .orderBy(sql`${tradeOrders.soldAt} desc`, desc(tradeOrders.id))
        .limit(q.limit)
        .offset(offset),
      db.select({ n: count() }).from(tradeOrders).where(where),
    ]);
    return { rows: rows.map((r) => saleRow(r.lot, r.a, r.ipo)), count: total?.n ?? 0 };
  }
  const where = eq(ipoApplications.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ a: ipoApplications, ipo: ipos, lotNo: tradeOrders.no })
      .from(ipoApplications)
      .innerJoin(ipos, eq(ipos.id, ipoApplications.ipoId))
      .leftJoin(tradeOrders, eq(tradeOrders.id, ipoApplications.lotOrderId))
      .where(where)
      .orderBy(desc(ipoApplications.id))
      .limit(q.limit)
      .offset(offset),
    db.select({ n: count() }).from(ipoApplications).where(where),
  ]);
  return { rows: rows.map((r) => applicationRow(r.a, r.ipo, r.lotNo)), count: total?.n ?? 0 };
}
