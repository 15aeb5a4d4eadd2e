import { act, screen } from '@testing-library/react';
import { calls } from '../src/contract';
import { useCall } from '../src/query/useCall';
import { onlineManager } from '@invest/runtime';
import { answer, goOffline, goOnline, inputsOf, renderAt, setup, stockRow, testQueryClient } from '../src/testing';
import { OfflineNote } from '../src/ui/OfflineNote';
import { QueryState } from '../src/ui/states';
import { WithDeployment } from '../src/ui/WithDeployment';

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

describe("a screen that needs the deployment's settings, opened offline", () => {
  const CONFIG = '/v2/config';
  const settings = () => [{ tag: 'currency', value: 'INR' }];
  const Screen = () => <WithDeployment>{(d) => <p>Amounts in {d.currency}</p>}</WithDeployment>;
  // The page's client reads the browser's flag as it starts (followApp): the phone goes offline after that.
  const openOffline = (goesOffline: () => void) => {
    const client = testQueryClient();
    goesOffline();
    renderAt('/', <Screen />, client);
  };

  it("asks once all the same, and draws with the copy the service worker kept", async () => {
    // The browser says offline; the service worker answers the settings from its copy.
    answer({ [CONFIG]: settings });
    openOffline(() => onlineManager.setOnline(false));
    expect(await screen.findByText('Amounts in INR')).toBeTruthy();
    expect(inputsOf(CONFIG)).toHaveLength(1);
  });

  it('with no copy, says it is offline (never a spinner for good), and draws once back online', async () => {
    answer({ [CONFIG]: settings });
    openOffline(goOffline);
    const panel = await screen.findByTestId('load-error');
    expect(panel.getAttribute('data-reason')).toBe('offline');
    expect(panel.textContent).toMatch(/^The app's settings could not load.*Check your connection/);
    expect(screen.queryByRole('status', { name: /loading/i })).toBeNull();

    await act(async () => goOnline());
    expect(await screen.findByText('Amounts in INR')).toBeTruthy();
  });
});
