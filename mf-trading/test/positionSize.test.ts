import fc from 'fast-check';
import { feeOf, moneyOf, QUANTITY_FULL_MAX, QUANTITY_HALF_MAX } from '@invest/shared/values/trading';
import { buyPriceBasis, proposedQuantity, type Pricing } from '../src/lib/positionSize';

// What the API books for `count` units: the amount at the price and rate, and the fee on it (its own functions).
const booked = (count: number, { price, rate, fee }: Pricing) => {
  const amount = moneyOf(count, price, rate);
  return amount + feeOf(amount, fee);
};

const pricing = fc.record({
  // From a penny stock to a very dear one, in a currency worth anything from 1/1000 to 1000 deployment units.
  price: fc.double({ min: 0.0001, max: 1_000_000, noNaN: true, noDefaultInfinity: true }),
  rate: fc.oneof(fc.constant(1), fc.double({ min: 0.001, max: 1000, noNaN: true, noDefaultInfinity: true })),
  fee: fc.record({ feeBps: fc.integer({ min: 0, max: 1000 }), feeMin: fc.integer({ min: 0, max: 100_000 }) }),
});
const budget = fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10 ** 13 }));
const position = fc.constantFrom('half' as const, 'full' as const);

it('never proposes more than the budget buys with the fee, nor more than the position’s cap', () => {
  fc.assert(
    fc.property(position, budget, pricing, (p, b, at) => {
      const n = proposedQuantity(p, b, at);
      expect(Number.isInteger(n) && n >= 0).toBe(true);
      expect(n).toBeLessThanOrEqual(p === 'half' ? QUANTITY_HALF_MAX : QUANTITY_FULL_MAX);
      if (n > 0) expect(booked(n, at)).toBeLessThanOrEqual(b);
    }),
    { numRuns: 2000 },
  );
});

it('full is the most that fits; half is half of it, at least 1 when anything fits, 0 only when nothing does', () => {
  fc.assert(
    fc.property(budget, pricing, (b, at) => {
      const full = proposedQuantity('full', b, at);
      expect(full === QUANTITY_FULL_MAX || booked(full + 1, at) > b).toBe(true);
      expect(full === 0).toBe(booked(1, at) > b);
      expect(proposedQuantity('half', b, at)).toBe(full === 0 ? 0 : Math.max(1, Math.min(QUANTITY_HALF_MAX, Math.floor(full / 2))));
    }),
    { numRuns: 2000 },
  );
});

it('a higher price never proposes more', () => {
  fc.assert(
    fc.property(position, budget, pricing, fc.double({ min: 1, max: 10, noNaN: true }), (p, b, at, rise) => {
      expect(proposedQuantity(p, b, { ...at, price: at.price * rise })).toBeLessThanOrEqual(proposedQuantity(p, b, at));
    }),
    { numRuns: 1000 },
  );
});

it('examples: ₹5,000 at ₹100 with 3 bps (at least ₹1) buys 49, not 50', () => {
  const at = { price: 100, rate: 1, fee: { feeBps: 3, feeMin: 100 } };
  expect(proposedQuantity('full', 500_000, at)).toBe(49);
  expect(proposedQuantity('half', 500_000, at)).toBe(24);
  expect(proposedQuantity('full', 10_100, at)).toBe(1);
  expect(proposedQuantity('half', 10_100, at)).toBe(1);
  expect(proposedQuantity('full', 10_099, at)).toBe(0);
  expect(proposedQuantity('half', 10_099, at)).toBe(0);
});

it('prices a buy as the API charges or holds it: the engine price while open, the collar above it while closed, a limit at its limit', () => {
  expect(buyPriceBasis({ kind: 'market' }, { price: 100, marketOpen: true }, 100)).toBe(100);
  expect(buyPriceBasis({ kind: 'market' }, { price: 100, marketOpen: false }, 100)).toBeCloseTo(101, 10);
  expect(buyPriceBasis({ kind: 'limit', limitPrice: 90 }, { price: 100, marketOpen: true }, 100)).toBe(90);
  expect(buyPriceBasis({ kind: 'limit' }, { price: 100, marketOpen: true }, 100)).toBeUndefined();
});
