import { act, screen } from '@testing-library/react';
import { calls } from '../src/contract';
import { useCall } from '../src/query/useCall';
import { answer, goOffline, goOnline, inputsOf, renderAt, setup, stockRow } from '../src/testing';
import { OfflineNote } from '../src/ui/OfflineNote';
import { QueryState } from '../src/ui/states';

// A loaded answer that nothing asks for again (no polling) says it is offline as a polled one does, once: nearest
// what it concerns.

beforeAll(() => setup());
afterEach(() => jest.clearAllMocks());

const LIST = '/v2/stock/list';
const row = { rows: [stockRow(1, { name: 'Loaded row' })], count: 1 };

function List({ symbol = '^NSEI', children }: { symbol?: string; children?: React.ReactNode }) {
  const q = useCall(calls.stockList, { symbol, page: 1, limit: 10 });
  return (
    <QueryState query={q} skeleton={<p>loading</p>}>
      <p>{q.data?.rows[0]?.name}</p>
      {children}
    </QueryState>
  );
}

it('a loaded list that does not poll says it is offline while offline, and asks again once back online', async () => {
  answer({ [LIST]: () => row });
  renderAt('/', <List />);
  expect(await screen.findByText('Loaded row')).toBeTruthy();
  expect(screen.queryByTestId('stale-notice')).toBeNull();

  act(() => goOffline());
  const notice = screen.getByTestId('stale-notice');
  expect(notice.getAttribute('data-reason')).toBe('offline');
  expect(notice.textContent).toMatch(/^Offline — last updated \d\d:\d\d$/);
  expect(screen.getByText('Loaded row')).toBeTruthy();

  await act(async () => goOnline());
  expect(screen.queryByTestId('stale-notice')).toBeNull();
  expect(inputsOf(LIST)).toHaveLength(2);
});

it('nested parts offline say it once, and a form inside says it for them', async () => {
  answer({ [LIST]: ({ symbol }) => ({ rows: [stockRow(1, { name: `${symbol} row` })], count: 1 }) });
  const { rerender } = renderAt(
    '/',
    <List symbol="OUTER">
      <List symbol="INNER" />
    </List>,
  );
  expect(await screen.findByText('INNER row')).toBeTruthy();

  act(() => goOffline());
  expect(screen.getAllByTestId('stale-notice')).toHaveLength(1);

  rerender(
    <List symbol="OUTER">
      <List symbol="INNER">
        <OfflineNote />
      </List>
    </List>,
  );
  expect(screen.queryByTestId('stale-notice')).toBeNull();
  expect(screen.getByTestId('offline-note')).toBeTruthy();

  await act(async () => goOnline());
  expect(screen.queryByTestId('offline-note')).toBeNull();
  expect(screen.queryByTestId('stale-notice')).toBeNull();
});
