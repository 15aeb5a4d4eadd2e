/**
 * The allotment of an issue, once: the issue is marked Allotted by a conditional update (of two operators at once,
 * the second finds it allotted and is refused), then each pending application is settled in the same transaction:
 * the hold captured for the allotted shares (a buyStock bill) and the rest released, the shares booked as a lot
 * (a trade order of mold 'ipo' at the issue price, with its fill and position, which the engine prices and deal/sell
 * sells), or, with nothing allotted, the whole hold released. The audit log records the seed and the winners.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { IPO_ALLOTTABLE, IPO_APPLICATION_STATUS, moneyOf, ORDER_STATUS, type IpoAllotment } from '@invest/shared/contract';
import type { Db, Tx } from '../../db/database';
import { ipoApplications, ipos, tradeFills, tradeOrders, tradePositions } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { walletId } from '../../ledger/accounts';
import { releaseHold } from '../../ledger/holds';
import { bookBuy } from '../../ledger/trading';
import { inLedgerTransaction, requestHash } from '../../ledger/transfer';
import { audit } from '../../ops/audit';
import { DRAW_ALGORITHM, drawAllotment, newSeed } from './draw';
import { opsView } from './issues';
import type { ApplicationRow, IpoRow } from './views';

const newLotNo = (now: Date) => `I${now.getTime().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`;

/** The allotted shares as a filled buy: the lot, its fill and the position, at the issue price and the held rate. */
async function bookLot(tx: Tx, ipo: IpoRow, a: ApplicationRow, shares: number, amount: number, now: Date) {
  const [lot] = await tx
    .insert(tradeOrders)
    .values({
      no: newLotNo(now),
      userId: a.userId,
      // One lot per application, whoever allots.
      idempotencyKey: `ipo:${a.no}`,
      requestHash: requestHash({ ipo: ipo.id, application: a.no, shares }),
      symbol: ipo.symbol,
      market: ipo.market,
      type: 'stock',
      mold: 'ipo',
      kind: 'market',
      tif: 'day',
      state: 'buy',
      count: shares,
      quoteCurrency: ipo.currency,
      settleCurrency: a.settleCurrency,
      seenPrice: a.price,
      status: ORDER_STATUS.success,
      price: a.price,
      fxRate: a.fxRate,
      fxAsOf: a.createdAt,
      amount,
      fee: 0,
      filledAt: now,
      createdAt: now,
    })
    .returning();
  await tx.insert(tradeFills).values({ orderId: lot!.id, userId: a.userId, symbol: ipo.symbol, side: 'buy', count: shares, price: a.price, fxRate: a.fxRate, amount, fee: 0, createdAt: now });
  await tx
    .insert(tradePositions)
    .values({ userId: a.userId, symbol: ipo.symbol, quantity: shares, cost: amount })
    .onConflictDoUpdate({
      target: [tradePositions.userId, tradePositions.symbol],
      set: { quantity: sql`${tradePositions.quantity} + excluded.quantity`, cost: sql`${tradePositions.cost} + excluded.cost` },
    });
  return lot!;
}

/** Settles one application: captured for `shares` (if any) and released for the rest. */
async function settle(tx: Tx, ipo: IpoRow, a: ApplicationRow, shares: number, now: Date): Promise<{ captured: number; released: number }> {
  if (shares <= 0) {
    if (a.holdId) await releaseHold(tx, a.holdId, now);
    await tx.update(ipoApplications).set({ status: IPO_APPLICATION_STATUS.failed, released: a.held, settledAt: now }).where(eq(ipoApplications.id, a.id));
    return { captured: 0, released: a.held };
  }
  // What the allotted shares cost at the held rate; never more than was held (shares <= applied), never nothing.
  const captured = Math.min(a.held, Math.max(1, moneyOf(shares, a.price, a.fxRate)));
  const wallet = await walletId(tx, a.userId, a.settleCurrency);
  const lot = await bookLot(tx, ipo, a, shares, captured, now);
  await bookBuy(
    tx,
    { keyBase: `ipo:${a.no}:buy`, walletId: wallet!, currency: a.settleCurrency, reason: 'buyStock', amount: captured, fee: 0, ref: lot.no, at: now },
    a.holdId ? { id: a.holdId, amount: a.held } : null,
  );
  await tx
    .update(ipoApplications)
    .set({ status: IPO_APPLICATION_STATUS.success, allotted: shares, captured, released: a.held - captured, lotOrderId: lot.id, settledAt: now })
    .where(eq(ipoApplications.id, a.id));
  return { captured, released: a.held - captured };
}

/** POST /ops/ipos/:id/allot {shares}. */
export async function allotIpo(db: Db, id: number, shares: number, operatorId: number, now: Date): Promise<IpoAllotment> {
  const seed = newSeed();
  return inLedgerTransaction(db, async (tx) => {
    const [ipo] = await tx
      .update(ipos)
      .set({ status: 'Allotted', sharesOffered: shares, allottedBy: operatorId, allottedAt: now })
      .where(and(eq(ipos.id, id), inArray(ipos.status, [...IPO_ALLOTTABLE])))
      .returning();
    if (!ipo) {
      const [row] = await tx.select({ status: ipos.status }).from(ipos).where(eq(ipos.id, id));
      if (!row) throw new ApiError(404, 'notFound');
      throw new ApiError(409, row.status === 'Allotted' ? 'ipoAlreadyAllotted' : 'ipoNotAllottable');
    }
    const pending = await tx
      .select()
      .from(ipoApplications)
      .where(and(eq(ipoApplications.ipoId, id), eq(ipoApplications.status, IPO_APPLICATION_STATUS.pending)))
      .orderBy(ipoApplications.id)
      .for('update');
    const plan = pending.length ? drawAllotment(pending, shares, ipo, seed) : { oversubscribed: false, allotted: new Map<number, number>(), order: [] };
    let captured = 0;
    let released = 0;
    let given = 0;
    for (const a of pending) {
      const n = plan.allotted.get(a.id) ?? 0;
      const money = await settle(tx, ipo, a, n, now);
      captured += money.captured;
      released += money.released;
      given += n;
    }
    const drawSeed = plan.oversubscribed ? seed : null;
    const [done] = await tx.update(ipos).set({ sharesAllotted: given, drawSeed }).where(eq(ipos.id, id)).returning();
    // In the drawn order when there was a draw.
    const winners = [...plan.allotted.entries()];
    await audit(
      tx,
      {
        operatorId,
        action: 'ipo.allot',
        target: `ipo ${id}`,
        detail: {
          symbol: ipo.symbol,
          shares,
          min: ipo.min,
          lot: ipo.lot,
          algorithm: DRAW_ALGORITHM,
          seed: drawSeed,
          oversubscribed: plan.oversubscribed,
          // The draw's input and its outcome: [application id, shares applied] and [application id, shares allotted].
          applications: pending.map((a) => [a.id, a.count]),
          winners,
          shares_allotted: given,
          captured,
          released,
        },
      },
      now,
    );
    return {
      ipo: await opsView(tx, done!),
      applications: pending.length,
      applied_shares: pending.reduce((s, a) => s + a.count, 0),
      oversubscribed: plan.oversubscribed,
      winners: winners.length,
      shares_allotted: given,
      seed: drawSeed,
      captured,
      released,
    };
  });
}
