import { feeOf, moneyOf, quantityIssue, tradeRulesOf } from '../src/contract/trading';

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
