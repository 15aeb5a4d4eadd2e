import { act, screen, waitFor } from '@testing-library/react';
import { bus, calls, session, WALLET_STREAM_PATH } from '@invest/shared';
import { AppRoutes } from '../src/App';
import { ACCOUNT_POLL_MS } from '../src/account/useUserInfo';
import { answer, inputsOf, renderAt, setup, stockRow } from '@invest/shared/testing';
import { texts } from '../src/i18n';

const INFO = { id: 3, user: '9876543210', no: '40000003', img: '', total: 1234567, money: 1000050, loan: 0 };
let info = INFO;

/** The wallet stream as the page reads it: fetch with a body reader; `push` sends SSE text, `fail` answers a status. */
let pushes: ((text: string) => void)[] = [];
let aborts = 0;
let streamStatus = 200;
function fakeStreamFetch() {
  const contract = globalThis.fetch;
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    if (url !== `/api${WALLET_STREAM_PATH}`) return contract(url, init);
    let waiting: ((r: { done: boolean; value?: Uint8Array }) => void) | null = null;
    init.signal?.addEventListener('abort', () => {
      aborts += 1;
      waiting?.({ done: true });
    });
    pushes.push((text) => waiting?.({ done: false, value: new TextEncoder().encode(text) }));
    const reader = { read: () => new Promise((r) => (waiting = r)), cancel: async () => {} };
    return { ok: streamStatus === 200, status: streamStatus, body: { getReader: () => reader, cancel: async () => {} } };
  }) as typeof fetch;
}

beforeAll(() => setup(texts));
beforeEach(() => {
  localStorage.clear();
  info = INFO;
  pushes = [];
  aborts = 0;
  streamStatus = 200;
  session.start('tok', { id: 3, user: '9876543210', login: true }, null);
  answer({
    [calls.userInfo.path]: () => info,
    '/v2/config': () => [{ tag: 'currency', value: 'INR' }],
    '/v2/stock/list': () => ({ rows: [stockRow(1)], count: 1 }),
  });
  fakeStreamFetch();
});
afterEach(() => {
  jest.useRealTimers();
  jest.clearAllMocks();
  session.end('user');
});

it('a completed deposit shows at once: the wallet event refetches the account, with no reload and no polling', async () => {
  renderAt('/account', <AppRoutes />);
  await waitFor(() => expect(screen.getByTestId('available-balance').textContent).toBe('₹10,000.50'));
  expect(pushes).toHaveLength(1);
  const loads = inputsOf(calls.userInfo.path).length;

  info = { ...INFO, money: 1500050, total: 1734567 };
  await act(async () => pushes[0]!(': open\n\nevent: wallet\ndata: {"at":1}\n\n'));
  await waitFor(() => expect(screen.getByTestId('available-balance').textContent).toBe('₹15,000.50'));
  expect(screen.getByTestId('total-assets').textContent).toBe('₹17,345.67');
  expect(inputsOf(calls.userInfo.path)).toHaveLength(loads + 1);
});

it('without the stream the account polls every 3 s, and stops while the app is paused', async () => {
  jest.useFakeTimers();
  streamStatus = 503;
  renderAt('/account', <AppRoutes />);
  expect((await screen.findByTestId('available-balance')).textContent).toBe('₹10,000.50');
  const first = inputsOf(calls.userInfo.path).length;
  info = { ...INFO, money: 2000000 };
  await act(async () => void jest.advanceTimersByTime(ACCOUNT_POLL_MS));
  expect(inputsOf(calls.userInfo.path).length).toBe(first + 1);
  await waitFor(() => expect(screen.getByTestId('available-balance').textContent).toBe('₹20,000.00'));
  const polled = inputsOf(calls.userInfo.path).length;

  act(() => bus.publish({ type: 'app:pause' }));
  await act(async () => void jest.advanceTimersByTime(4 * ACCOUNT_POLL_MS));
  expect(inputsOf(calls.userInfo.path).length).toBe(polled);
});

it('leaving the account page, or logging out, closes the stream', async () => {
  const { unmount } = renderAt('/account', <AppRoutes />);
  await screen.findByTestId('available-balance');
  expect(pushes).toHaveLength(1);
  unmount();
  expect(aborts).toBe(1);

  renderAt('/account', <AppRoutes />);
  await screen.findByTestId('available-balance');
  expect(pushes).toHaveLength(2);
  act(() => session.end('user'));
  expect(aborts).toBe(2);
});
