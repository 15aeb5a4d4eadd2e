// Answers of the trading calls for the screen tests, checked against the contract by the fake server.
import { calls, type Order } from '@invest/shared';
import { fixture } from '@invest/shared/testing';

export const CONFIG = [
  { tag: 'currency', value: 'INR' },
];

/** The published trading rules, as GET /stock/success/deal/rules answers them by default. */
export const RULES = {
  fee_bps: 3,
  fee_min: 100,
  collar_bps: 100,
  fx_max_age_seconds: 300,
  quantity_min: 1,
  quantity_half_max: 50,
  quantity_full_max: 100,
  currency: 'INR',
};

/** An order as the API answers it: by default a filled, open lot of 10 RELIANCE.NS at 100. */
export function order(no: string, over: Partial<Order> = {}): Order {
  const o: Order = {
    id: Number(no.replace(/\D/g, '')) || 1,
    no,
    tag: 'RELIANCE.NS',
    name: 'Reliance',
    market: 'IN',
    type: 'stock',
    mold: 'stock',
    state: 'buy',
    kind: 'market',
    tif: 'day',
    count: 10,
    price: 100,
    limit_price: null,
    sell_price: null,
    currency: 'INR',
    fx_rate: 1,
    sell_fx_rate: null,
    price_all: 100_000,
    fee: 100,
    cost: 100_100,
    held: 0,
    value: 110_000,
    unrealized_pnl: 9_900,
    sell_amount: null,
    sell_fee: null,
    realized_pnl: null,
    status: 1,
    status_label: 'success',
    created_at: '2026-03-04T05:06:07.000Z',
    filled_at: '2026-03-04T05:06:07.000Z',
    sold_at: null,
    expires_at: null,
    closed_at: null,
    ...over,
  };
  return fixture(calls.dealBuy, o);
}

/** A resting order: status 0, its money held. */
export const pendingOrder = (no: string, over: Partial<Order> = {}): Order =>
  // As the API answers one: the estimate in price_all, no fee booked yet (the hold covers the estimate and its fee).
  order(no, { status: 0, status_label: 'pending', fx_rate: null, fee: 0, cost: 100_000, held: 100_100, value: null, unrealized_pnl: null, filled_at: null, kind: 'limit', limit_price: 95, ...over });

