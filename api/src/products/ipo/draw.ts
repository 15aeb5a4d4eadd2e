/**
 * The allotment of an issue, as a pure function of what the audit log records (the applications, the shares, the
 * issue's min and lot, the seed), so anyone can run it again and get the same allotment.
 *
 * When the applications fit, everyone gets what they applied for. When oversubscribed, as retail allotment in the
 * Indian market: the applicants are put in a random order drawn from the seed, and the first of them get one minimum
 * lot (`min` shares) each, as many as the shares allow. If every applicant got one and shares are left, the rest go
 * one `lot` at a time round the same order to those who asked for more, until no whole lot is left.
 *
 * The order is a Fisher-Yates shuffle of the applications sorted by id, its random numbers from SHA-256 of
 * `<seed>:<n>` (n = 0, 1, ...): the first 6 bytes as a 48-bit integer, rejection-sampled to be uniform.
 */
import { createHash, randomBytes } from 'node:crypto';

export const DRAW_ALGORITHM = 'sha256-fisher-yates-v1';

export interface Applicant {
  id: number;
  count: number;
}

export interface AllotmentPlan {
  oversubscribed: boolean;
  /** Application id → shares allotted (> 0 only). */
  allotted: Map<number, number>;
  /** The drawn order of application ids (empty when no draw was needed). */
  order: number[];
}

/** A fresh seed for a draw: 128 random bits as hex. */
export const newSeed = (): string => randomBytes(16).toString('hex');

const SPAN = 2 ** 48;

/** Uniform integers below a bound, from the seed alone. */
export function seededIntegers(seed: string): (bound: number) => number {
  let n = 0;
  return (bound) => {
    if (!Number.isSafeInteger(bound) || bound <= 0) throw new RangeError(`bound must be a positive integer: ${bound}`);
    const limit = Math.floor(SPAN / bound) * bound;
    for (;;) {
      const x = createHash('sha256').update(`${seed}:${n++}`).digest().readUIntBE(0, 6);
      if (x < limit) return x % bound;
    }
  };
}

/** The applications' ids in the seed's order. */
export function drawOrder(ids: readonly number[], seed: string): number[] {
  const order = [...ids].sort((a, b) => a - b);
  const next = seededIntegers(seed);
  for (let i = order.length - 1; i > 0; i--) {
    const j = next(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** Who gets how many of `shares` (see the module's comment). `min` and `lot` are the issue's, both > 0. */
export function drawAllotment(applicants: readonly Applicant[], shares: number, issue: { min: number; lot: number }, seed: string): AllotmentPlan {
  if (!(issue.min > 0 && issue.lot > 0)) throw new RangeError('an issue with applications has a min and a lot');
  const allotted = new Map<number, number>();
  const wanted = new Map(applicants.map((a) => [a.id, a.count]));
  const total = applicants.reduce((s, a) => s + a.count, 0);
  if (total <= shares) {
    for (const a of applicants) allotted.set(a.id, a.count);
    return { oversubscribed: false, allotted, order: [] };
  }
  const order = drawOrder([...wanted.keys()], seed);
  const winners = Math.min(order.length, Math.floor(shares / issue.min));
  for (const id of order.slice(0, winners)) allotted.set(id, Math.min(issue.min, wanted.get(id)!));
  let left = shares - [...allotted.values()].reduce((s, n) => s + n, 0);
  if (winners === order.length) {
    for (let more = true; more && left >= issue.lot; ) {
      more = false;
      for (const id of order) {
        if (left < issue.lot) break;
        const has = allotted.get(id)!;
        if (has + issue.lot > wanted.get(id)!) continue;
        allotted.set(id, has + issue.lot);
        left -= issue.lot;
        more = true;
      }
    }
  }
  return { oversubscribed: true, allotted, order };
}
