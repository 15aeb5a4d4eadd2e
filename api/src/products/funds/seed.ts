import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { funds } from '../../db/schema';
import { audit } from '../../ops/audit';
import { fundValues, type NewFund } from './projects';

/** Three demo projects of different terms (7 days, 30 days, 90 days), amounts in minor units. */
const DEMO_FUNDS: Omit<NewFund, 'currency'>[] = [
  { name: 'Steady Income 7-Day', minReturn: 0.5, maxReturn: 1.2, periodDays: 7, amount: 1_000_000, issueAmount: 500_000_000 },
  { name: 'Balanced Growth 30-Day', minReturn: 2, maxReturn: 4.5, periodDays: 30, amount: 5_000_000, issueAmount: 1_000_000_000 },
  { name: 'Infrastructure Plus 90-Day', minReturn: 5, maxReturn: 9.75, periodDays: 90, amount: 10_000_000, issueAmount: 2_000_000_000 },
];

/** An arbitrary constant naming the seeding's lock, so replicas starting together seed the projects once. */
const SEED_LOCK = 0x46554e44; // 'FUND'

/** The demo projects, only when there are no projects at all (a deployment's own projects are never joined by these). */
export async function seedFunds(db: Db, currency: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(funds);
    if (existing!.n > 0) return;
    const rows = await tx
      .insert(funds)
      .values(DEMO_FUNDS.map((f) => fundValues({ ...f, currency }, now)))
      .returning({ id: funds.id, name: funds.name });
    for (const r of rows) await audit(tx, { operatorId: null, action: 'fund.create', target: `fund ${r.id}`, detail: { name: r.name, via: 'seed' } }, now);
  });
}
