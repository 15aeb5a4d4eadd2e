import fc from 'fast-check';
import { feeOf, isOrderNo, moneyOf, movedPriceOf, OrderNo, PriceMovedRejection, quantityIssue, tradeRulesOf } from '../src/contract/trading';

it('the quantity rule of spec §5: at least 1, at most 50 for a half position and 100 otherwise', () => {
  expect(quantityIssue(0)).toBe('quantityTooLow');
  expect(quantityIssue(1.5)).toBe('quantityTooLow');
  expect(quantityIssue(NaN)).toBe('quantityTooLow');
  expect(quantityIssue(50, 'half')).toBeNull();
  expect(quantityIssue(51, 'half')).toBe('quantityExceedsHalf');
  expect(quantityIssue(100, 'full')).toBeNull();
  expect(quantityIssue(101)).toBe('quantityExceedsFull');
});

it('fees and amounts in minor units, as the preview and the fill both book them', () => {
  const rules = tradeRulesOf({});
  expect(rules).toEqual({ feeBps: 3, feeMin: 100, collarBps: 100, fxMaxAgeSeconds: 300 });
  expect(moneyOf(50, 1576.21, 1)).toBe(7_881_050);
  expect(feeOf(7_881_050, rules)).toBe(2_365); // 0.03%, rounded up
  expect(feeOf(10_000, rules)).toBe(100); // the minimum
  expect(tradeRulesOf({ trade_fee_bps: '5', trade_fee_min: 'x' })).toMatchObject({ feeBps: 5, feeMin: 100 });
});

it('an order number read from a URL passes the plain check exactly when the contract would take it', () => {
  const chars = fc.constantFrom(...'AZaz09-_ .#é'.split(''));
  fc.assert(
    fc.property(fc.array(chars, { maxLength: 45 }).map((a) => a.join('')), (v) => {
      expect(isOrderNo(v)).toBe(OrderNo.safeParse(v).success);
    }),
  );
  expect(isOrderNo('ORD-20261124-0001')).toBe(true);
  expect(isOrderNo('../etc')).toBe(false);
});

it("a priceMoved refusal's price is read only when the contract's answer carries one a screen can buy at", () => {
  const refusal = { msg: 'no', data: 'priceMoved', seen: 100, collar_bps: 100 };
  fc.assert(
    fc.property(fc.oneof(fc.double(), fc.integer(), fc.string(), fc.constant(null), fc.constant(undefined)), (price) => {
      const { msg: _msg, data: _data, ...details } = { ...refusal, price };
      const sent = PriceMovedRejection.safeParse({ ...refusal, price }).success && Number.isFinite(price) && (price as number) > 0;
      expect(movedPriceOf(details)).toBe(sent ? price : undefined);
    }),
  );
  expect(movedPriceOf({ price: 1576.21, seen: 1500, collar_bps: 100 })).toBe(1576.21);
  expect(movedPriceOf({})).toBeUndefined();
});
