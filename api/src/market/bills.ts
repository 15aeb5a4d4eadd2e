/**
 * Discount bills (CETES): the market moves a bill's yield, and its price is what that yield makes of the face value,
 * price = face / (1 + yield × days / 360), to 7 decimals as Banxico quotes them. The provider simulates the yield (the
 * reference data's refPrice for a bill is its yield in percent); this wrapper hands every reader prices instead, so
 * quotes, charts, orders and the stream all see the same figure. A higher yield is a lower price: a bar's high comes
 * from its lowest yield.
 */
import type { MarketDataProvider, QuoteListener, SubscribeOptions } from './provider';
import type { ReferenceData } from './reference';
import type { Bill, Candle, Interval, Quote, Range } from './types';

const DECIMALS = 1e7;

/** The price of one title of `bill` at an annual yield of `yieldPercent`. */
export function billPrice(bill: Bill, yieldPercent: number): number {
  return Math.round((bill.face / (1 + ((yieldPercent / 100) * bill.days) / 360)) * DECIMALS) / DECIMALS;
}

const round = (v: number) => Math.round(v * DECIMALS) / DECIMALS;

function priceQuote(bill: Bill, q: Quote): Quote {
  const price = billPrice(bill, q.price);
  const prevClose = billPrice(bill, q.prevClose);
  const change = round(price - prevClose);
  return {
    ...q,
    price,
    open: billPrice(bill, q.open),
    high: billPrice(bill, q.low),
    low: billPrice(bill, q.high),
    prevClose,
    change,
    changePercent: prevClose > 0 ? Math.round((change / prevClose) * 10_000) / 100 : 0,
  };
}

function priceCandles(bill: Bill, rows: readonly Candle[]): Candle[] {
  return rows.map((r) => {
    const close = billPrice(bill, r.close);
    return {
      ...r,
      open: billPrice(bill, r.open),
      high: billPrice(bill, r.low),
      low: billPrice(bill, r.high),
      close,
      change: round(close - billPrice(bill, r.close - r.change)),
    };
  });
}

/** `provider` with every bill of `reference` priced from its yield; the same provider when there are no bills. */
export function withBillPrices(provider: MarketDataProvider, reference: ReferenceData): MarketDataProvider {
  const bills = new Map<string, Bill>();
  for (const inst of reference.instruments) if (inst.bill) bills.set(inst.symbol, inst.bill);
  if (bills.size === 0) return provider;
  const quoteOf = (q: Quote) => {
    const bill = bills.get(q.symbol);
    return bill ? priceQuote(bill, q) : q;
  };
  const priced: MarketDataProvider = {
    id: provider.id,
    simulated: provider.simulated,
    quote: (symbol: string, at: number) => quoteOf(provider.quote(symbol, at)),
    history(symbol: string, interval: Interval, range: Range, at: number) {
      const rows = provider.history(symbol, interval, range, at);
      const bill = bills.get(symbol);
      return bill ? priceCandles(bill, rows) : rows;
    },
    isOpen: (symbol: string, at: number) => provider.isOpen(symbol, at),
    ...(provider.historyChanged ? { historyChanged: (symbol: string) => provider.historyChanged!(symbol) } : {}),
  };
  const subscribe = provider.subscribe?.bind(provider);
  if (subscribe) {
    priced.subscribe = (symbols: readonly string[], listener: QuoteListener, opts?: SubscribeOptions) =>
      subscribe(symbols, (q) => listener(quoteOf(q)), opts);
  }
  return priced;
}
