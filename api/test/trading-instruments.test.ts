import { randomUUID } from 'node:crypto';
import { verifyLedger } from '../src/ledger/verify';
import { getCalendar } from '../src/market/sessions';
import { backends, setClock, useApp } from './harness';

// Forex pairs, futures and treasury bonds go through the same ticket (deal/buy, deal/sell) as stocks, each under
// its own bill reasons and listed under its own positions type. Money is minor units (paise).
const BUY = '/stock/success/deal/buy';
const SELL = '/stock/success/deal/sell';
const POSITIONS = '/stock/success/v2/transaction';
const HOUR = 3_600_000;

const CASES = [
  { symbol: 'USDINR', type: 'forex', market: 'FOREX', count: 10, precision: 4, reasons: ['buyForex', 'sellForex'] },
  { symbol: 'CRUDEOIL', type: 'futures', market: 'FUTURE', count: 1, precision: 2, reasons: ['buyFutures', 'sellFutures'] },
  // A bond is priced per 100 of face value, to 4 decimals.
  { symbol: 'IN10Y', type: 'treasury', market: 'CGI', count: 10, precision: 4, reasons: ['buyTreasury', 'sellTreasury'] },
] as const;

const decimals = (x: number) => (String(x).split('.')[1] ?? '').length;

describe.each(backends)('forex, futures and treasury trades on $name', (backend) => {
  const t = useApp(backend, { deps: { matcherIntervalMs: 0 } });
  // 11:00 in Mumbai on a weekday: G-Secs (NDS-OM), MCX and forex are all trading.
  const open = new Date(getCalendar('NDS').nextOpen(Date.now()) + 2 * HOUR);

  afterEach(async () => {
    expect(await verifyLedger(t.current.database.db)).toEqual({ ok: true, breaches: [] });
  });

  it.each(CASES)('$symbol: bought and sold through the ticket as $type, under $reasons', async (c) => {
    setClock(t.current, open);
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const pay = (path: string, body: unknown) => t.current.post(path, body, { token, headers: { 'idempotency-key': randomUUID() } });
    await t.current.deposit(token, 3_000_000);

    const quote = (await t.current.get('/v2/yahoo', { token, query: { symbol: c.symbol } })).body.data;
    expect(quote.precision).toBe(c.precision);
    expect(decimals(quote.price)).toBeLessThanOrEqual(c.precision);

    const bought = await pay(BUY, { tag: c.symbol, count: c.count, price: quote.price });
    expect(bought.status).toBe(200);
    expect(bought.body.data).toMatchObject({ tag: c.symbol, type: c.type, market: c.market, status: 1, state: 'buy', price: quote.price, count: c.count });
    const amount = bought.body.data.price_all as number;
    expect(amount).toBe(Math.round(c.count * quote.price * 100));

    const listed = (await t.current.get(POSITIONS, { token, query: { type: c.type } })).body.data;
    expect(listed.rows.map((r: { no: string }) => r.no)).toEqual([bought.body.data.no]);
    expect((await t.current.get(POSITIONS, { token, query: { type: 'stock' } })).body.data.count).toBe(0);

    const sold = await pay(SELL, { no: bought.body.data.no, sell_price: quote.price });
    expect(sold.status).toBe(200);
    expect(sold.body.data).toMatchObject({ state: 'sell', sell_price: quote.price });
    expect((await t.current.get(POSITIONS, { token, query: { type: c.type } })).body.data.count).toBe(0);

    const bills = (await t.current.get('/stock/success/v2/bill', { token })).body.data.rows as { reason: string; amount: number }[];
    const [buyReason, sellReason] = c.reasons;
    expect(bills.find((b) => b.reason === buyReason)?.amount).toBe(amount);
    expect(bills.find((b) => b.reason === sellReason)?.amount).toBe(sold.body.data.sell_amount);
    expect(bills.some((b) => b.reason === 'buyStock' || b.reason === 'sellStock')).toBe(false);
  });
});
