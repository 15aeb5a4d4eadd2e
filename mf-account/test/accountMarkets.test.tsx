import { act, fireEvent, screen } from '@testing-library/react';
import { answer, deferred, renderAt, setup, stockRow } from '@invest/shared/testing';
import { AccountMarkets } from '../src/account/AccountMarkets';
import { texts } from '../src/i18n';

beforeAll(() => setup(texts));

const rowsOf = (market: string, limit: number) => ({
  rows: Array.from({ length: limit }, (_, i) => stockRow(i + 1, { stock: `${market}${i}`, name: `${market}${i} name`, market })),
  count: 50,
});

it('a slow answer for the tab the user left never replaces the rows of the tab they moved to', async () => {
  const stocks = deferred<ReturnType<typeof rowsOf>>();
  answer({ '/v2/stock/list': ({ market, limit }) => (market === 'IN' ? stocks.promise : rowsOf(market, limit)) });
  renderAt('/account', <AccountMarkets stockMarket="IN" />);

  fireEvent.click(screen.getByRole('tab', { name: 'Forex' }));
  expect(await screen.findByText('FOREX0 name')).toBeTruthy();

  await act(async () => stocks.resolve(rowsOf('IN', 3)));
  expect(screen.getByText('FOREX0 name')).toBeTruthy();
  expect(screen.queryByText('IN0 name')).toBeNull();
  expect(screen.getByRole('tab', { name: 'Forex', selected: true })).toBeTruthy();
});
