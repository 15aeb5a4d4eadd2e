import type { Order } from '@invest/shared';
import { liveValueOf } from './money';

/** One instrument's open lots under a single line, with the average cost, as holdings screens show them. */
export interface Holding {
  tag: string;
  name: string;
  market: string;
  currency: string;
  count: number;
  /** Average buy price per unit (quote currency), weighted by quantity. */
  avgPrice: number;
  /** Minor units. */
  cost: number;
  value: number | null;
  pnl: number | null;
  lots: Order[];
}

/** Groups lots by instrument in the order they first appear; values follow the live price where one applies. */
export function groupLots(rows: readonly Order[], priceOf: (tag: string) => number | undefined, currency: string): Holding[] {
  const groups = new Map<string, Order[]>();
  for (const r of rows) groups.set(r.tag, [...(groups.get(r.tag) ?? []), r]);
  return [...groups.entries()].map(([tag, lots]) => {
    const first = lots[0]!;
    const count = lots.reduce((a, l) => a + l.count, 0);
    const cost = lots.reduce((a, l) => a + l.cost, 0);
    const values = lots.map((l) => liveValueOf(l, priceOf(tag), currency));
    const value = values.every((v) => v !== null) ? values.reduce<number>((a, v) => a + (v ?? 0), 0) : null;
    return {
      tag,
      name: first.name,
      market: first.market,
      currency: first.currency,
      count,
      avgPrice: count ? lots.reduce((a, l) => a + l.price * l.count, 0) / count : 0,
      cost,
      value,
      pnl: value === null ? null : value - cost,
      lots,
    };
  });
}

/**
 * The portfolio summary: the API's sums over every open lot of the type, moved by what the live prices change in
 * the lots on screen (lots not loaded keep the API's value). A price move changes the day's P&L by as much as the
 * value, since both count from a fixed base (the previous close or the fill).
 */
export function summaryOf(
  sums: { cost: number; value: number; day_pnl: number },
  rows: readonly Order[],
  priceOf: (tag: string) => number | undefined,
  currency: string,
): { cost: number; value: number; pnl: number; dayPnl: number } {
  let moved = 0;
  for (const r of rows) {
    const live = liveValueOf(r, priceOf(r.tag), currency);
    if (live !== null && r.value !== null) moved += live - r.value;
  }
  const value = sums.value + moved;
  return { cost: sums.cost, value, pnl: value - sums.cost, dayPnl: sums.day_pnl + moved };
}
