import { count, sql } from 'drizzle-orm';
import type { IpoStatusName } from '@invest/shared/contract';
import type { Db } from '../../db/database';
import { ipos } from '../../db/schema';
import { referenceData, type ReferenceData } from '../../market/reference';
import { audit } from '../../ops/audit';

const DAY_MS = 86_400_000;

/**
 * Demo issues of stocks the engine prices: one Forthcoming that a new user can apply to, one announced with its
 * quantities to be announced (TBA), one whose applications have closed. Issue prices sit under the reference price.
 */
const DEMO_IPOS: { symbol: string; series: string; status: IpoStatusName; discount: number; min: number; max: number; from: number; to: number }[] = [
  { symbol: 'JIOFIN.NS', series: 'EQ', status: 'Forthcoming', discount: 0.1, min: 100, max: 1000, from: -2, to: 5 },
  { symbol: 'ETERNAL.NS', series: 'EQ', status: 'Upcoming', discount: 0.08, min: 0, max: 0, from: 10, to: 14 },
  { symbol: 'IRFC.BO', series: 'SME', status: 'Closed', discount: 0.15, min: 200, max: 2000, from: -12, to: -6 },
];

/** An arbitrary constant naming the seeding's lock, so replicas starting together seed the issues once. */
const SEED_LOCK = 0x4950_4f53; // 'IPOS'

const day = (now: Date, offset: number) => new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);

/** The demo issues, only when there are no issues at all (a deployment's own are never joined by these). */
export async function seedIpos(db: Db, ref: ReferenceData = referenceData(), now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(ipos);
    if (existing!.n > 0) return;
    const values = DEMO_IPOS.flatMap((d) => {
      const inst = ref.bySymbol.get(d.symbol);
      if (!inst) return [];
      return [
        {
          series: d.series,
          symbol: inst.symbol,
          companyName: inst.name,
          market: inst.market,
          currency: inst.currency,
          status: d.status,
          issuePrice: Math.round(inst.refPrice * (1 - d.discount) * 100) / 100,
          min: d.min,
          max: d.max,
          lot: 100,
          issueStartDate: day(now, d.from),
          issueEndDate: day(now, d.to),
          createdAt: now,
        },
      ];
    });
    if (!values.length) return;
    const rows = await tx.insert(ipos).values(values).returning({ id: ipos.id, symbol: ipos.symbol });
    await audit(tx, { operatorId: null, action: 'ipo.seed', target: null, detail: { ipos: rows.map((r) => `${r.id} ${r.symbol}`) } }, now);
  });
}
