import { act, fireEvent, screen } from '@testing-library/react';
import { ApiError } from '@invest/shared';
import { answer, deferred, goOffline, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { CARD, CONFIG, INFO, REAL_NAME_APPROVED, withdrawal } from './fixtures';
import { texts } from '../src/i18n';

beforeAll(() => setup(texts));
afterEach(() => jest.clearAllMocks());

const SEND = '/stock/success/money/access';
function serve({
  cards = [CARD],
  config = CONFIG,
  send = (input: any) => withdrawal(9, { count: input.count }),
  realName = REAL_NAME_APPROVED,
}: { cards?: unknown[]; config?: unknown[]; send?: (input: any) => unknown; realName?: unknown } = {}) {
  return answer({
    '/stock/success/autonomy/state': () => realName,
    '/v2/config': () => config,
    '/stock/success/v2/user/info': () => INFO,
    '/stock/success/bank/list': () => cards,
    [SEND]: send,
    '/stock/success/property/withdraw': () => ({ rows: [withdrawal(9)], count: 1 }),
  });
}
const amount = () => screen.getByTestId('withdraw-amount') as HTMLInputElement;
const submit = () => screen.getByTestId('withdraw-submit') as HTMLButtonElement;
const type = (v: string) => fireEvent.change(amount(), { target: { value: v } });

it('before real-name approval it shows the rule and a link to the verification, with no amount to type', async () => {
  const server = serve({ realName: null });
  renderAt('/withdraw', <AppRoutes />);
  expect(await screen.findByText('Withdrawals are only possible once your real name is verified.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Verify now' }).getAttribute('href')).toBe('/settings/real-name');
  expect(screen.queryByTestId('withdraw-amount')).toBeNull();
  expect(inputsOf(SEND)).toHaveLength(0);
  server.mockClear();

  serve({ realName: { ...REAL_NAME_APPROVED, status: 1 } });
  renderAt('/withdraw', <AppRoutes />);
  expect(await screen.findByText('Your verification is under review. You can continue once it is approved.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'View verification' })).toBeTruthy();
});

it('with no card it prompts to add one in the bank cards screen', async () => {
  serve({ cards: [] });
  renderAt('/withdraw', <AppRoutes />);
  expect(await screen.findByText('No bank cards available')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Add a bank card' }).getAttribute('href')).toBe('/settings/bank-cards?from=%2Fwithdraw');
  expect(screen.queryByTestId('withdraw-amount')).toBeNull();
});

it('offline, the form says so once: not again for the cards and the real-name state around it', async () => {
  serve();
  renderAt('/withdraw', <AppRoutes />);
  await screen.findByTestId('withdraw-amount');
  act(() => goOffline());
  expect(screen.getAllByTestId('offline-note')).toHaveLength(1);
  expect(screen.queryByTestId('stale-notice')).toBeNull();
});

it('offline without a usable card, the cards say so once: not again for the real-name state around them', async () => {
  serve({ cards: [] });
  renderAt('/withdraw', <AppRoutes />);
  await screen.findByText('No bank cards available');
  act(() => goOffline());
  expect(screen.getAllByTestId('stale-notice')).toHaveLength(1);
});

it('states one minimum, the higher of 10 and min_withdraw_count, alike in the error, the hint and the placeholder', async () => {
  serve();
  renderAt('/withdraw', <AppRoutes />);
  await screen.findByTestId('withdraw-amount');
  expect(screen.getByRole('radio', { name: /HDFC Bank/ })).toHaveProperty('checked', true);
  expect(screen.getByTestId('withdraw-min').textContent).toBe('Minimum ₹100');
  expect(amount().placeholder).toBe('At least ₹100');
  // Below the spec's 10 too: still the one minimum that applies, never "₹10" above "Minimum ₹100".
  type('9');
  expect(screen.getByRole('alert').textContent).toBe('The amount is below the minimum withdrawal amount (₹100)');
  expect(screen.getByTestId('withdraw-min').textContent).toBe('Minimum ₹100');
  expect(submit().disabled).toBe(true);
  type('99x');
  expect(amount().value).toBe('99');
  expect(screen.getByRole('alert').textContent).toBe('The amount is below the minimum withdrawal amount (₹100)');
  expect(submit().disabled).toBe(true);
  fireEvent.click(submit());
  expect(inputsOf(SEND)).toHaveLength(0);
});

it('a configured minimum of 500 is the one enforced; one below 10 leaves the spec\'s 10 and its message', async () => {
  serve({ config: [{ tag: 'min_withdraw_count', value: '500' }, { tag: 'currency', value: 'MXN' }] });
  const { unmount } = renderAt('/withdraw', <AppRoutes />);
  await screen.findByTestId('withdraw-amount');
  for (const v of ['499', '5']) {
    type(v);
    expect(screen.getByRole('alert').textContent).toBe('The amount is below the minimum withdrawal amount (MX$500)');
  }
  expect(screen.getByTestId('withdraw-min').textContent).toBe('Minimum MX$500');
  unmount();

  serve({ config: [{ tag: 'min_withdraw_count', value: '5' }, { tag: 'currency', value: 'INR' }] });
  renderAt('/withdraw', <AppRoutes />);
  await screen.findByTestId('withdraw-amount');
  expect(screen.getByTestId('withdraw-min').textContent).toBe('Minimum ₹10');
  type('7');
  expect(screen.getByRole('alert').textContent).toBe('Minimum withdrawal amount is ₹10');
  type('10');
  expect(screen.queryByRole('alert')).toBeNull();
});

it('more than the available balance is "Insufficient funds"', async () => {
  serve();
  renderAt('/withdraw', <AppRoutes />);
  await screen.findByText('Available ₹10,000.50');
  type('10001');
  expect(screen.getByRole('alert').textContent).toBe('Insufficient funds');
  expect(submit().disabled).toBe(true);
  fireEvent.click(screen.getByRole('button', { name: 'All' }));
  expect(amount().value).toBe('10000');
  expect(submit().disabled).toBe(false);
});

it('sends the card and minor units once for a double tap, then shows the withdraw records', async () => {
  const gate = deferred();
  serve({
    send: async (input) => {
      await gate.promise;
      return withdrawal(9, { count: input.count });
    },
  });
  renderAt('/withdraw', <AppRoutes />);
  await screen.findByText('Available ₹10,000.50');
  type('150');
  fireEvent.click(submit());
  fireEvent.click(submit());
  expect(submit().getAttribute('aria-busy')).toBe('true');
  await act(async () => gate.resolve(undefined));
  expect(await screen.findByRole('heading', { name: 'Withdraw records' })).toBeTruthy();
  expect(inputsOf(SEND)).toEqual([{ bank_id: 7, count: 15000 }]);
});

it('a refusal by the server shows its reason and stays on the form', async () => {
  serve({
    send: () => {
      throw new ApiError(422, 'insufficientFunds');
    },
  });
  renderAt('/withdraw', <AppRoutes />);
  await screen.findByText('Available ₹10,000.50');
  type('150');
  await act(async () => void fireEvent.click(submit()));
  expect((await screen.findByTestId('withdraw-failed')).textContent).toBe('Insufficient funds');
  expect(screen.getByTestId('withdraw-amount')).toBeTruthy();
});
