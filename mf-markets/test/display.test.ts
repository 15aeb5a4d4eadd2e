import { displayName } from '../src/lib/display';
import { precisionOf, stockHref, tradingHref } from '@invest/shared';

describe('the stock name of a detail route', () => {
  it('is the name segment when there is one', () => {
    expect(displayName('Reliance Industries', 'RELIANCE.NS')).toBe('Reliance Industries');
  });

  it('is the symbol without .BO / .NS when the segment is the literal "undefined"', () => {
    expect(displayName('undefined', 'RELIANCE.NS')).toBe('RELIANCE');
    expect(displayName('undefined', 'TCS.BO')).toBe('TCS');
    expect(displayName('undefined', 'AAPL')).toBe('AAPL');
    expect(displayName(undefined, 'INFY.NS')).toBe('INFY');
  });
});

it('builds detail and trading links with every segment encoded', () => {
  expect(stockHref('M&M.NS', 'Mahindra & Mahindra')).toBe('/stock/v2/M%26M.NS/Mahindra%20%26%20Mahindra');
  expect(stockHref('^NSEI')).toBe('/stock/v2/%5ENSEI/undefined');
  expect(tradingHref('AAPL', 'US', 'Apple Inc.', 'sell')).toBe('/stock/trading/AAPL/US/Apple%20Inc.?type=sell');
});

it('shows the row precision, else 2 decimals (forex 4)', () => {
  expect(precisionOf({ precision: 3 })).toBe(3);
  expect(precisionOf({ market: 'FOREX' })).toBe(4);
  expect(precisionOf({ market: 'IN' })).toBe(2);
});
