import { clampIpoQuantity, ipoCode, ipoIsTba, ipoOpen, ipoQuantityIssue, stepIpoQuantity } from '../src/contract/values/ipo';
import { ipoBuy, opsIpoCreate } from '../src/contract/ipo';

const issue = { min: 200, max: 1_000, lot: 100 };

it('the quantity: digits only, clamped to min..max; steps of the lot within them (spec §5)', () => {
  expect(clampIpoQuantity('3a0b0', issue)).toBe(300);
  expect(clampIpoQuantity('', issue)).toBe(200);
  expect(clampIpoQuantity('50', issue)).toBe(200);
  expect(clampIpoQuantity('99999999999999999999', issue)).toBe(1_000);
  expect(stepIpoQuantity(200, -1, issue)).toBe(200);
  expect(stepIpoQuantity(200, 1, issue)).toBe(300);
  expect(stepIpoQuantity(1_000, 1, issue)).toBe(1_000);
  expect(stepIpoQuantity(300, 1, { min: 100, max: 500 })).toBe(400);
});

it('what the server enforces of a quantity, and when an issue takes applications', () => {
  expect([100, 200, 250, 1_000, 1_100, 0].map((n) => ipoQuantityIssue(n, issue))).toEqual([
    'ipoQuantityBelowMin',
    null,
    'ipoQuantityNotInLots',
    null,
    'ipoQuantityAboveMax',
    'ipoQuantityBelowMin',
  ]);
  expect(ipoIsTba({ min: 0, max: 0 })).toBe(true);
  expect(ipoOpen({ status: 'Forthcoming', min: 0, max: 0 })).toBe(false);
  expect(ipoOpen({ status: 'Forthcoming', ...issue })).toBe(true);
  expect(ipoOpen({ status: 'Closed', ...issue })).toBe(false);
  expect(['RELIANCE.NS', 'IRFC.BO', 'AAPL'].map(ipoCode)).toEqual(['RELIANCE', 'IRFC', 'AAPL']);
});

it("the calls' inputs: the spec's payload, digits as a form sends them, translated keys", () => {
  expect(ipoBuy.input.parse({ id: '3', count: '200', tag: 'IRFC', price: '12.5' })).toEqual({ id: 3, count: 200, tag: 'IRFC', price: 12.5 });
  const key = (v: unknown) => {
    const r = ipoBuy.input.safeParse(v);
    return r.success ? null : r.error.issues[0]!.message;
  };
  expect(key({ id: 3, count: '2e2' })).toBe('ipoQuantityBelowMin');
  expect(key({ id: 3, count: 1e300 })).toBe('ipoQuantityAboveMax');
  expect(key({ id: 3, count: 150.5 })).toBe('ipoQuantityNotInLots');
  expect(opsIpoCreate.input.parse({ series: 'EQ', symbol: 'IRFC.BO', issue_price: 10, min: 0, max: 0, issue_start_date: '2026-01-02', issue_end_date: '2026-01-09' })).toMatchObject({
    lot: 100,
    status: 'Upcoming',
  });
});
