import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, bus, session } from '@invest/runtime';
import { calls } from '../src/contract';
import { deploymentOf } from '../src/hooks/useDeployment';
import { useCall } from '../src/query/useCall';
import { answer, fixture, inputsOf, server, stockRow, testQueryClient } from '../src/testing';

const list = (symbol: string) => ({ rows: [stockRow(1, { name: `${symbol} member` })], count: 1 });

function Members({ symbol, ms = 3000 }: { symbol: string; ms?: number }) {
  const q = useCall(calls.stockList, { symbol, page: 1, limit: 10 }, { refetchInterval: ms });
  return <p>{q.data?.rows[0]?.name ?? (q.error ? `error ${q.error.key}` : 'loading')}</p>;
}
const show = (ui: React.ReactNode) => {
  const client = testQueryClient();
  const r = render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return { ...r, rerender: (next: React.ReactNode) => r.rerender(<QueryClientProvider client={client}>{next}</QueryClientProvider>) };
};

afterEach(() => {
  jest.useRealTimers();
  jest.clearAllMocks();
  localStorage.clear();
});

it('polls at its interval, stops on app:pause and asks at once on app:resume', async () => {
  jest.useFakeTimers();
  answer({ '/v2/stock/list': ({ symbol }) => list(symbol) });
  show(<Members symbol="^NSEI" />);
  await act(async () => {});
  expect(inputsOf('/v2/stock/list')).toHaveLength(1);
  await act(async () => void jest.advanceTimersByTime(3000));
  expect(inputsOf('/v2/stock/list')).toHaveLength(2);

  act(() => bus.publish({ type: 'app:pause' }));
  await act(async () => void jest.advanceTimersByTime(10_000));
  expect(inputsOf('/v2/stock/list')).toHaveLength(2);

  await act(async () => bus.publish({ type: 'app:resume' }));
  expect(inputsOf('/v2/stock/list')).toHaveLength(3);
});

it('a new input is asked at once, and an answer for the old one never shows', async () => {
  let release!: () => void;
  const slow = new Promise<void>((r) => (release = r));
  answer({ '/v2/stock/list': async ({ symbol }) => (symbol === 'A' ? slow.then(() => list('A')) : list(symbol)) });
  const { rerender } = show(<Members symbol="A" />);
  rerender(<Members symbol="B" />);
  expect(await screen.findByText('B member')).toBeTruthy();
  await act(async () => release());
  expect(screen.getByText('B member')).toBeTruthy();
});

it('a 404 is final: no retry, no more polling', async () => {
  jest.useFakeTimers();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  answer({});
  show(<Members symbol="NOPE" />);
  expect(await screen.findByText('error notFound')).toBeTruthy();
  await act(async () => void jest.advanceTimersByTime(30_000));
  expect(inputsOf('/v2/stock/list')).toHaveLength(1);
});

it('a 401 on a query ends the session', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  session.start('tok', { id: 1, user: '9876543210', login: true }, null);
  const ends: string[] = [];
  const sub = bus.on('session:logout').subscribe((e) => ends.push(e.reason));
  server.mockImplementationOnce(async () => ({ ok: false, status: 401, json: async () => ({ msg: 'no', data: 'unauthorized' }) }));
  show(<Members symbol="^NSEI" />);
  await waitFor(() => expect(ends).toEqual(['expired']));
  expect(session.token()).toBeNull();
  sub.unsubscribe();
});

it('a fixture that drifts from the contract fails where it is made', () => {
  expect(() => fixture(calls.stockList, { rows: [{ ...stockRow(1), prasent: '100' }], count: 1 })).toThrow(/drifts from the contract/);
});

describe('deployment settings', () => {
  it('INR: rupees, no news on home, IFSC bank form, Indian stocks', () => {
    expect(deploymentOf([{ tag: 'currency', value: 'INR' }])).toMatchObject({
      currency: 'INR',
      symbol: '₹',
      showsNews: false,
      bankForm: 'ifsc',
      stockMarket: 'IN',
      minWithdraw: 100,
    });
  });
  it('MXN: pesos, news, card bank form, Mexican stocks, the configured minimum withdrawal, English only', () => {
    expect(deploymentOf([{ tag: 'currency', value: 'MXN' }, { tag: 'min_withdraw_count', value: '250' }])).toMatchObject({
      currency: 'MXN',
      symbol: 'MX$',
      showsNews: true,
      bankForm: 'card',
      stockMarket: 'MX',
      minWithdraw: 250,
      languages: ['en'],
    });
  });
  it('no known currency is an error, never a guess', () => {
    expect(() => deploymentOf([{ tag: 'min_withdraw_count', value: '100' }])).toThrow();
  });
});
