import type { TestApp } from './harness';

/**
 * What a user's money calls have left behind, as the user's screens read it: what a refused request must leave as it
 * was (the counts of bills and records, each loan's and order's state, the money).
 */
export async function userBooks(t: TestApp, token: string) {
  const get = async (path: string) => (await t.get(path, { token, query: { limit: '100' } })).body.data;
  const [bills, recharges, withdrawals, loans, orders, info] = await Promise.all([
    get('/stock/success/v2/bill'),
    get('/stock/success/property/list'),
    get('/stock/success/property/withdraw'),
    get('/stock/success/loans/list'),
    t.post('/stock/success/deal/list', { limit: 100 }, { token }).then((r) => r.body.data),
    get('/stock/success/v2/user/info'),
  ]);
  return {
    bills: bills.count as number,
    recharges: recharges.count as number,
    withdrawals: withdrawals.count as number,
    loans: loans.rows.map((l: { id: number; state: number }) => [l.id, l.state]),
    orders: orders.rows.map((o: { no: string; state: string }) => [o.no, o.state]),
    money: info.money as number,
  };
}
