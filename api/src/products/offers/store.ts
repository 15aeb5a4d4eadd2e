/**
 * Block trading and QIP offers as operators keep them: create, close, list; and the users they mark qualified.
 * Every operator action is audited in the transaction that does it.
 */
import { and, count, desc, eq, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OFFER_MARKETS, OFFER_STATUS, OFFER_TIME_ZONES, type BlockMold, type OfferMarket, type OfferWindow, type OpsOffer } from '@invest/shared/contract';
import type { Db, DbOrTx } from '../../db/database';
import { blockOfferOrders, blockOffers, operators, qualifiedInvestors, tradeOrders, users, type BlockOfferRow } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { MarketEngine } from '../../market/engine';
import { audit } from '../../ops/audit';

export interface NewOffer {
  tag: string;
  mold: BlockMold;
  price: number;
  count: number;
  type?: OfferMarket;
  windows: OfferWindow[];
  qualified_only?: boolean;
}

const isOfferMarket = (m: string): m is OfferMarket => (OFFER_MARKETS as readonly string[]).includes(m);

/** The fields every view of an offer shares (the contract's OfferFields). */
export function offerFields(row: BlockOfferRow, engine: Pick<MarketEngine, 'instrument'>) {
  const inst = engine.instrument(row.code);
  const market = row.market as OfferMarket;
  return {
    id: row.id,
    tag: row.code,
    name: inst?.name ?? row.code,
    mold: row.mold as BlockMold,
    price: row.price,
    count: row.minCount,
    status: row.status,
    type: market,
    currency: inst?.currency ?? (market === 'US' ? 'USD' : 'INR'),
    windows: row.windows.map((w) => ({ open: w.open, close: w.close })),
    time_zone: OFFER_TIME_ZONES[market],
    qualified_only: row.qualifiedOnly,
  };
}

/**
 * A new offer of a US or IN stock the engine lists, open at once. The market follows the instrument; a `type` that
 * names another is refused rather than guessed.
 */
export async function createOffer(db: Db, engine: Pick<MarketEngine, 'instrument'>, input: NewOffer, operatorId: number | null, now: Date): Promise<OpsOffer> {
  const inst = engine.instrument(input.tag);
  if (!inst) throw new ApiError(404, 'notFound');
  if (inst.kind !== 'stock' || !isOfferMarket(inst.market) || (input.type !== undefined && input.type !== inst.market)) throw new ApiError(422, 'offerMarketMismatch');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blockOffers)
      .values({
        code: inst.symbol,
        mold: input.mold,
        market: inst.market,
        price: input.price,
        minCount: input.count,
        windows: input.windows.map((w) => ({ open: w.open, close: w.close })),
        status: OFFER_STATUS.open,
        // A QIP is for qualified investors only, as in the real market.
        qualifiedOnly: input.qualified_only ?? input.mold === 'finalize',
        createdBy: operatorId,
        createdAt: now,
      })
      .returning({ id: blockOffers.id });
    await audit(tx, { operatorId, action: 'offers.create', target: `offer ${row!.id}`, detail: { ...input, tag: inst.symbol } }, now);
    return row!.id;
  });
  return (await opsOffer(db, engine, id))!;
}

/** Closes an offer: no longer listed or bought. Closing a closed offer answers the same and changes nothing. */
export async function closeOffer(db: Db, engine: Pick<MarketEngine, 'instrument'>, id: number, operatorId: number, now: Date): Promise<OpsOffer> {
  await db.transaction(async (tx) => {
    const [closed] = await tx
      .update(blockOffers)
      .set({ status: OFFER_STATUS.closed, closedBy: operatorId, closedAt: now })
      .where(and(eq(blockOffers.id, id), eq(blockOffers.status, OFFER_STATUS.open)))
      .returning({ id: blockOffers.id });
    if (closed) await audit(tx, { operatorId, action: 'offers.close', target: `offer ${id}` }, now);
  });
  const offer = await opsOffer(db, engine, id);
  if (!offer) throw new ApiError(404, 'notFound');
  return offer;
}

const creator = alias(operators, 'offer_creator');
const closer = alias(operators, 'offer_closer');

/** Orders filled from each offer and the shares they bought. */
const bought = (db: DbOrTx) =>
  db
    .select({ offerId: blockOfferOrders.offerId, orders: count().as('orders'), shares: sum(tradeOrders.count).as('shares') })
    .from(blockOfferOrders)
    .innerJoin(tradeOrders, eq(tradeOrders.id, blockOfferOrders.orderId))
    .groupBy(blockOfferOrders.offerId)
    .as('bought');

async function opsOffers(db: DbOrTx, engine: Pick<MarketEngine, 'instrument'>, where: SQL | undefined, page: number, limit: number): Promise<OpsOffer[]> {
  const b = bought(db);
  const rows = await db
    .select({ o: blockOffers, createdBy: creator.username, closedBy: closer.username, orders: b.orders, shares: b.shares })
    .from(blockOffers)
    .leftJoin(creator, eq(creator.id, blockOffers.createdBy))
    .leftJoin(closer, eq(closer.id, blockOffers.closedBy))
    .leftJoin(b, eq(b.offerId, blockOffers.id))
    .where(where)
    .orderBy(desc(blockOffers.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map((r) => ({
    ...offerFields(r.o, engine),
    created_by: r.createdBy,
    created_at: r.o.createdAt.toISOString(),
    closed_by: r.closedBy,
    closed_at: r.o.closedAt?.toISOString() ?? null,
    orders: Number(r.orders ?? 0),
    shares: Number(r.shares ?? 0),
  }));
}

export async function opsOffer(db: DbOrTx, engine: Pick<MarketEngine, 'instrument'>, id: number): Promise<OpsOffer | null> {
  const [offer] = await opsOffers(db, engine, eq(blockOffers.id, id), 1, 1);
  return offer ?? null;
}

/** Every offer, newest first, for operators. */
export async function listOpsOffers(
  db: DbOrTx,
  engine: Pick<MarketEngine, 'instrument'>,
  q: { mold?: BlockMold; status?: number; page: number; limit: number },
): Promise<{ rows: OpsOffer[]; count: number }> {
  const conds: SQL[] = [];
  if (q.mold) conds.push(eq(blockOffers.mold, q.mold));
  if (q.status !== undefined) conds.push(eq(blockOffers.status, q.status));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [total]] = await Promise.all([opsOffers(db, engine, where, q.page, q.limit), db.select({ n: count() }).from(blockOffers).where(where)]);
  return { rows, count: total?.n ?? 0 };
}

/** The open offers of a mold, newest first; `code` keeps those whose code holds it (any case). */
export async function listOpenOffers(db: DbOrTx, q: { mold: BlockMold; code?: string; page: number; limit: number }): Promise<{ rows: BlockOfferRow[]; count: number }> {
  const conds: SQL[] = [eq(blockOffers.mold, q.mold), eq(blockOffers.status, OFFER_STATUS.open)];
  // strpos, not LIKE: a % or _ the user typed is a character to find, not a pattern.
  if (q.code) conds.push(sql`strpos(upper(${blockOffers.code}), upper(${q.code})) > 0`);
  const where = and(...conds);
  const [rows, [total]] = await Promise.all([
    db.select().from(blockOffers).where(where).orderBy(desc(blockOffers.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(blockOffers).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

export async function findOffer(db: DbOrTx, id: number): Promise<BlockOfferRow | null> {
  const [row] = await db.select().from(blockOffers).where(eq(blockOffers.id, id));
  return row ?? null;
}

export async function isQualified(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ userId: qualifiedInvestors.userId }).from(qualifiedInvestors).where(eq(qualifiedInvestors.userId, userId));
  return row !== undefined;
}

/** Marks a user qualified for qualified-only offers, or not; audited when it changes anything. */
export async function setQualified(db: Db, userId: number, qualified: boolean, operatorId: number | null, now: Date): Promise<{ id: number; user: string; qualified: boolean }> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, phone: users.phone }).from(users).where(eq(users.id, userId));
    if (!user) throw new ApiError(404, 'notFound');
    const changed = qualified
      ? await tx.insert(qualifiedInvestors).values({ userId, markedBy: operatorId, createdAt: now }).onConflictDoNothing().returning({ userId: qualifiedInvestors.userId })
      : await tx.delete(qualifiedInvestors).where(eq(qualifiedInvestors.userId, userId)).returning({ userId: qualifiedInvestors.userId });
    if (changed.length) await audit(tx, { operatorId, action: 'offers.qualified', target: `user ${userId}`, detail: { qualified } }, now);
    return { id: user.id, user: user.phone, qualified };
  });
}
