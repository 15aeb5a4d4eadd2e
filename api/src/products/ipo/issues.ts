/**
 * Issues: operators create them and move their status (cancelling releases the applications' held money); users list
 * them with their own application beside each.
 */
import { and, count, desc, eq, inArray, ne, sql, sum } from 'drizzle-orm';
import { IPO_APPLICATION_STATUS, IPO_STATUS_MOVES, ipoIsTba, type Ipo, type IpoStatusName, type OpsIpo } from '@invest/shared/contract';
import type { Db, DbOrTx, Tx } from '../../db/database';
import { ipoApplications, ipos } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { releaseHold } from '../../ledger/holds';
import { inLedgerTransaction } from '../../ledger/transfer';
import type { MarketEngine } from '../../market/engine';
import { audit } from '../../ops/audit';
import { toIpo, toOpsIpo, type IpoRow, type IpoTotals } from './views';

export interface NewIpo {
  series: string;
  symbol: string;
  company_name?: string;
  issue_price: number;
  min: number;
  max: number;
  lot: number;
  issue_start_date: string;
  issue_end_date: string;
  status: IpoStatusName;
}

/** A calendar date written YYYY-MM-DD that exists (no 2026-02-30). */
const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/** The stock behind an issue's symbol: allotted shares must be an instrument the engine prices and trading sells. */
export function ipoInstrument(engine: MarketEngine, symbol: string) {
  const inst = engine.instrument(symbol);
  if (!inst || inst.kind !== 'stock' || (inst.market !== 'IN' && inst.market !== 'US')) throw new ApiError(422, 'ipoSymbolUnknown');
  return inst;
}

function checkTerms(v: Pick<NewIpo, 'min' | 'max' | 'lot' | 'issue_start_date' | 'issue_end_date'>): void {
  const tba = v.min === 0 && v.max === 0;
  if (!tba && !(v.min > 0 && v.max >= v.min && v.min % v.lot === 0 && v.max % v.lot === 0)) throw new ApiError(400, 'ipoQuantityRange');
  if (!isDate(v.issue_start_date) || !isDate(v.issue_end_date) || v.issue_end_date < v.issue_start_date) throw new ApiError(400, 'ipoDatesInvalid');
}

export async function totalsOf(db: DbOrTx, ids: number[]): Promise<Map<number, IpoTotals>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      ipoId: ipoApplications.ipoId,
      n: count(),
      shares: sum(ipoApplications.count).mapWith(Number),
      held: sql<number>`coalesce(sum(${ipoApplications.held}) filter (where ${ipoApplications.status} = ${IPO_APPLICATION_STATUS.pending}), 0)`.mapWith(Number),
    })
    .from(ipoApplications)
    .where(and(inArray(ipoApplications.ipoId, ids), ne(ipoApplications.status, IPO_APPLICATION_STATUS.failed)))
    .groupBy(ipoApplications.ipoId);
  return new Map(rows.map((r) => [r.ipoId, { applications: r.n, appliedShares: r.shares ?? 0, held: r.held }]));
}

const NO_TOTALS: IpoTotals = { applications: 0, appliedShares: 0, held: 0 };

export async function opsView(db: DbOrTx, row: IpoRow): Promise<OpsIpo> {
  return toOpsIpo(row, (await totalsOf(db, [row.id])).get(row.id) ?? NO_TOTALS);
}

/** POST /ops/ipos: a new issue of a stock the engine prices, audited. */
export async function createIpo(db: Db, engine: MarketEngine, v: NewIpo, operatorId: number, now: Date): Promise<OpsIpo> {
  const inst = ipoInstrument(engine, v.symbol);
  checkTerms(v);
  if (v.status === 'Allotted') throw new ApiError(409, 'ipoStatusInvalid');
  if (v.status === 'Forthcoming' && ipoIsTba(v)) throw new ApiError(422, 'ipoTermsMissing');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ipos)
      .values({
        series: v.series,
        symbol: inst.symbol,
        companyName: v.company_name ?? inst.name,
        market: inst.market,
        currency: inst.currency,
        status: v.status,
        issuePrice: v.issue_price,
        min: v.min,
        max: v.max,
        lot: v.lot,
        issueStartDate: v.issue_start_date,
        issueEndDate: v.issue_end_date,
        createdBy: operatorId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // The only unique index: one live issue per symbol.
    if (!row) throw new ApiError(409, 'ipoSymbolTaken');
    await audit(tx, { operatorId, action: 'ipo.create', target: `ipo ${row.id}`, detail: { symbol: row.symbol, issue_price: row.issuePrice, min: row.min, max: row.max, lot: row.lot, status: row.status } }, now);
    return toOpsIpo(row, NO_TOTALS);
  });
}

/** Releases every pending application of a cancelled issue: each fails (3) with all its money available again. */
async function releaseAll(tx: Tx, ipoId: number, now: Date): Promise<number> {
  const pending = await tx
    .select()
    .from(ipoApplications)
    .where(and(eq(ipoApplications.ipoId, ipoId), eq(ipoApplications.status, IPO_APPLICATION_STATUS.pending)))
    .orderBy(ipoApplications.id)
    .for('update');
  for (const a of pending) {
    if (a.holdId) await releaseHold(tx, a.holdId, now);
    await tx
      .update(ipoApplications)
      .set({ status: IPO_APPLICATION_STATUS.failed, released: a.held, settledAt: now })
      .where(eq(ipoApplications.id, a.id));
  }
  return pending.length;
}

/**
 * POST /ops/ipos/:id/status. Under the issue's row lock, so it cannot cross an allotment or another change; asking
 * for the status the issue has answers it unchanged.
 */
export async function changeIpoStatus(db: Db, id: number, status: IpoStatusName, operatorId: number, now: Date): Promise<OpsIpo> {
  return inLedgerTransaction(db, async (tx) => {
    const [row] = await tx.select().from(ipos).where(eq(ipos.id, id)).for('update');
    if (!row) throw new ApiError(404, 'notFound');
    if (row.status === status) return opsView(tx, row);
    if (!IPO_STATUS_MOVES[row.status as IpoStatusName]?.includes(status)) throw new ApiError(409, 'ipoStatusInvalid');
    if (status === 'Forthcoming' && ipoIsTba(row)) throw new ApiError(422, 'ipoTermsMissing');
    const released = status === 'Cancelled' ? await releaseAll(tx, id, now) : 0;
    const [moved] = await tx.update(ipos).set({ status }).where(eq(ipos.id, id)).returning();
    await audit(tx, { operatorId, action: 'ipo.status', target: `ipo ${id}`, detail: { from: row.status, to: status, ...(released ? { released_applications: released } : {}) } }, now);
    return opsView(tx, moved!);
  });
}

export async function listOpsIpos(db: DbOrTx, q: { status?: IpoStatusName; page: number; limit: number }) {
  const where = q.status ? eq(ipos.status, q.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(ipos).where(where).orderBy(desc(ipos.id)).limit(q.limit).offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(ipos).where(where),
  ]);
  const totals = await totalsOf(db, rows.map((r) => r.id));
  return { rows: rows.map((r) => toOpsIpo(r, totals.get(r.id) ?? NO_TOTALS)), count: total?.n ?? 0 };
}

/** Open to applications first, then those to come, then the closed: what a user can act on leads the screen. */
const byStatus = sql`case ${ipos.status} when 'Forthcoming' then 0 when 'Upcoming' then 1 else 2 end`;

/**
 * GET /client/ipo: every issue but cancelled ones, each with the caller's application: those open to applications
 * (closing soonest first), then the upcoming (opening soonest first), then the closed (latest first).
 */
export async function listIpos(db: DbOrTx, userId: number): Promise<Ipo[]> {
  const rows = await db
    .select()
    .from(ipos)
    .where(ne(ipos.status, 'Cancelled'))
    .orderBy(
      byStatus,
      sql`case ${ipos.status} when 'Forthcoming' then ${ipos.issueEndDate} when 'Upcoming' then ${ipos.issueStartDate} end`,
      desc(ipos.issueEndDate),
      desc(ipos.id),
    )
    .limit(200);
  const mine = rows.length
    ? await db
        .select()
        .from(ipoApplications)
        .where(and(eq(ipoApplications.userId, userId), inArray(ipoApplications.ipoId, rows.map((r) => r.id))))
    : [];
  const byIpo = new Map(mine.map((a) => [a.ipoId, a]));
  return rows.map((r) => toIpo(r, byIpo.get(r.id)));
}
