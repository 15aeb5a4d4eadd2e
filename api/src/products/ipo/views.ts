/** Rows of the IPO tables as the contract shows them. */
import { IPO_APPLICATION_STATUS, ipoOpen, type Ipo, type IpoOrder, type IpoStatusName, type OpsIpo } from '@invest/shared/contract';
import type { ipoApplications, ipos, TradeOrderRow } from '../../db/schema';

export type IpoRow = typeof ipos.$inferSelect;
export type ApplicationRow = typeof ipoApplications.$inferSelect;

export interface IpoTotals {
  applications: number;
  appliedShares: number;
  held: number;
}

const issueFields = (r: IpoRow) => ({
  id: r.id,
  series: r.series,
  symbol: r.symbol,
  company_name: r.companyName,
  status: r.status as IpoStatusName,
  issue_price: r.issuePrice,
  min: r.min,
  max: r.max,
  issue_start_date: r.issueStartDate,
  issue_end_date: r.issueEndDate,
  lot: r.lot,
  market: r.market,
  currency: r.currency,
  created_at: r.createdAt.toISOString(),
});

export function toIpo(r: IpoRow, mine: ApplicationRow | undefined): Ipo {
  return {
    ...issueFields(r),
    can_apply: ipoOpen(r) && !mine,
    mine: mine ? { no: mine.no, count: mine.count, status: mine.status, allotted: mine.allotted, held: mine.status === IPO_APPLICATION_STATUS.pending ? mine.held : 0 } : null,
  };
}

export function toOpsIpo(r: IpoRow, totals: IpoTotals): OpsIpo {
  return {
    ...issueFields(r),
    applications: totals.applications,
    applied_shares: totals.appliedShares,
    held: totals.held,
    shares_offered: r.sharesOffered,
    shares_allotted: r.sharesAllotted,
    draw_seed: r.drawSeed,
    allotted_at: r.allottedAt?.toISOString() ?? null,
  };
}

/** What both records say of the application behind a row: its issue, and what was applied for, held and settled. */
const applicationFacts = (a: ApplicationRow, ipo: IpoRow) => ({
  ipo_id: ipo.id,
  company_name: ipo.companyName,
  currency: ipo.currency,
  applied: a.count,
  allotted: a.allotted,
  held: a.held,
  captured: a.captured,
  released: a.released,
});

/** An Application Record: quantity applied for (allotted once successful), money held, then captured and released. */
export function applicationRow(a: ApplicationRow, ipo: IpoRow, lotNo: string | null): IpoOrder {
  const success = a.status === IPO_APPLICATION_STATUS.success;
  return {
    id: a.id,
    tag: ipo.symbol,
    no: a.no,
    market: ipo.market,
    type: 'stock',
    mold: 'ipo',
    state: 'buy',
    count: success ? a.allotted : a.count,
    price: a.price,
    sell_price: null,
    price_all: a.status === IPO_APPLICATION_STATUS.pending ? a.held : a.captured,
    status: a.status,
    created_at: a.createdAt.toISOString(),
    ...applicationFacts(a, ipo),
    lot_no: lotNo,
    sell_fee: null,
    pnl: null,
    settled_at: a.settledAt?.toISOString() ?? null,
  };
}

/** A Sales Record row: the sale of an allotted lot (always a success: a sale that fails books nothing). */
export function saleRow(lot: TradeOrderRow, a: ApplicationRow, ipo: IpoRow): IpoOrder {
  const soldAt = (lot.soldAt ?? lot.createdAt).toISOString();
  return {
    id: lot.id,
    tag: lot.symbol,
    no: lot.no,
    market: lot.market,
    type: 'stock',
    mold: 'ipo',
    state: 'sell',
    count: lot.count,
    price: lot.price ?? a.price,
    sell_price: lot.sellPrice,
    price_all: lot.sellAmount ?? 0,
    status: 1,
    created_at: soldAt,
    ...applicationFacts(a, ipo),
    lot_no: lot.no,
    sell_fee: lot.sellFee,
    pnl: lot.realizedPnl,
    settled_at: soldAt,
  };
}
