import { count, sql } from 'drizzle-orm';
import { OFFER_STATUS, type BlockMold } from '@invest/shared/contract';
import type { Db } from '../../db/database';
import { blockOffers } from '../../db/schema';
import { referenceData, type ReferenceData } from '../../market/reference';
import { audit } from '../../ops/audit';

/**
 * Demo offers: block trades on both markets and a QIP, a little under the market price, with windows wide enough
 * (most or all of the day in the market's zone) that a demo user meets one open.
 */
const DEMO_OFFERS: { code: string; mold: BlockMold; discount: number; minCount: number; windows: { open: string; close: string }[] }[] = [
  { code: 'RELIANCE.NS', mold: 'bulk', discount: 0.03, minCount: 100, windows: [{ open: '00:00', close: '24:00' }] },
  { code: 'TCS.NS', mold: 'bulk', discount: 0.025, minCount: 50, windows: [{ open: '06:00', close: '13:00' }, { open: '14:00', close: '23:30' }] },
  { code: 'AAPL', mold: 'bulk', discount: 0.02, minCount: 100, windows: [{ open: '00:00', close: '24:00' }] },
  { code: 'MSFT', mold: 'bulk', discount: 0.02, minCount: 20, windows: [{ open: '04:00', close: '20:00' }] },
  { code: 'INFY.NS', mold: 'finalize', discount: 0.05, minCount: 200, windows: [{ open: '00:00', close: '24:00' }] },
];

/** An arbitrary constant naming the seeding's lock, so replicas starting together seed the offers once. */
const SEED_LOCK = 0x424c4f43; // 'BLOC'

/**
 * The demo offers, only when there are no offers at all (a deployment's own are never joined by these), priced under
 * the engine's price of the moment (`priceOf`), else under the reference price.
 */
export async function seedOffers(db: Db, ref: ReferenceData = referenceData(), priceOf: (symbol: string) => number | undefined = () => undefined, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(blockOffers);
    if (existing!.n > 0) return;
    const values = DEMO_OFFERS.flatMap((o) => {
      const inst = ref.bySymbol.get(o.code);
      if (!inst) return [];
      return [
        {
          code: inst.symbol,
          mold: o.mold,
          market: inst.market,
          price: Math.round((priceOf(inst.symbol) ?? inst.refPrice) * (1 - o.discount) * 100) / 100,
          minCount: o.minCount,
          windows: o.windows,
          status: OFFER_STATUS.open,
          qualifiedOnly: o.mold === 'finalize',
          createdAt: now,
        },
      ];
    });
    if (!values.length) return;
    const rows = await tx.insert(blockOffers).values(values).returning({ id: blockOffers.id, code: blockOffers.code, mold: blockOffers.mold });
    for (const r of rows) await audit(tx, { operatorId: null, action: 'offers.create', target: `offer ${r.id}`, detail: { tag: r.code, mold: r.mold, via: 'seed' } }, now);
  });
}
