import { act, fireEvent, screen, within } from '@testing-library/react';
import { ApiError } from '@invest/shared';
import { answer, deferred, goOffline, goOnline, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { CONFIG, INFO, METHODS, recharge } from './fixtures';
import { texts } from '../src/i18n';

beforeAll(() => setup(texts));
afterEach(() => jest.clearAllMocks());

const ADD = '/stock/success/v2/recharge/add';
function serve(add: (input: any) => unknown = (input) => recharge(41, { count: input.count, method: input.method, reference: 'RK7Q2M9XA1' }), config: () => unknown = () => CONFIG) {
  return answer({
    '/v2/config': config,
    '/stock/success/v2/user/info': () => INFO,
    '/stock/success/v2/recharge/methods': () => METHODS,
    [ADD]: add,
    '/stock/success/property/list': () => ({ rows: [recharge(41)], count: 1 }),
    '/stock/success/property/withdraw': () => ({ rows: [], count: 0 }),
  });
}
const amount = () => screen.getByTestId('recharge-amount') as HTMLInputElement;
const submit = () => screen.getByTestId('recharge-submit') as HTMLButtonElement;

it('shows the receiving bank account with its IFSC, and the TRC-20 address with a network warning', async () => {
  serve();
  renderAt('/recharge', <AppRoutes />);
  const payTo = await screen.findByTestId('pay-to');
  expect(within(payTo).getByText('SBIN0001234')).toBeTruthy();
  expect(within(payTo).getByText('123456789012')).toBeTruthy();
  expect(within(payTo).getByText('IFSC code')).toBeTruthy();
  expect(screen.queryByTestId('network-warning')).toBeNull();
  expect(screen.getByRole('link', { name: 'Records' }).getAttribute('href')).toBe('/recharge-records/recharge');

  fireEvent.click(screen.getByRole('radio', { name: /TRC-USDT/ }));
  expect(within(screen.getByTestId('pay-to')).getByText('TXYZ0000000000000000000000000000')).toBeTruthy();
  expect(screen.getByTestId('network-warning').textContent).toContain('TRC-20');
  expect(screen.getByLabelText('Transaction hash')).toBeTruthy();
  expect(screen.getByText('Recharges are credited within 24 hours after your payment arrives.')).toBeTruthy();
});

it('TRC-USDT quotes the USDT to send at the operator\'s rate, labelled as theirs, and the current rate as the form opens', async () => {
  let rate = '8835';
  serve(undefined, () => [...CONFIG, { tag: 'usdt_rate_minor', value: rate }]);
  const { unmount } = renderAt('/recharge', <AppRoutes />);
  await screen.findByTestId('pay-to');
  // Bank transfers pay in the deployment's currency: no USDT figures.
  expect(screen.queryByTestId('usdt-to-send')).toBeNull();
  expect(screen.queryByTestId('usdt-rate')).toBeNull();

  fireEvent.click(screen.getByRole('radio', { name: /TRC-USDT/ }));
  expect(screen.getByTestId('usdt-to-send').textContent).toBe('--');
  expect(screen.getByTestId('usdt-rate').textContent).toBe('Rate: 1 USDT = ₹88.35 (set by the operator)');
  fireEvent.change(amount(), { target: { value: '5000' } });
  // ₹5,000 / ₹88.35 = 56.593… USDT, rounded up to the cent so the payment covers the amount.
  const preview = within(screen.getByTestId('recharge-preview'));
  expect(preview.getByText('You send')).toBeTruthy();
  expect(screen.getByTestId('usdt-to-send').textContent).toBe('≈ 56.60 USDT');
  expect(preview.getByText('₹5,000.0')).toBeTruthy();
  unmount();

  rate = '9000';
  renderAt('/recharge', <AppRoutes />);
  fireEvent.click(await screen.findByRole('radio', { name: /TRC-USDT/ }));
  expect(await screen.findByText('Rate: 1 USDT = ₹90.00 (set by the operator)')).toBeTruthy();
});

it('TRC-USDT without a configured rate says so instead of a figure', async () => {
  serve(undefined, () => [...CONFIG, { tag: 'usdt_rate_minor', value: '88.35' }]);
  renderAt('/recharge', <AppRoutes />);
  fireEvent.click(await screen.findByRole('radio', { name: /TRC-USDT/ }));
  fireEvent.change(amount(), { target: { value: '5000' } });
  expect(screen.queryByTestId('usdt-to-send')).toBeNull();
  expect(screen.getByTestId('usdt-rate').textContent).toBe(
    'No USDT rate has been set yet, so the amount of USDT to send cannot be shown. Please contact customer service before sending.',
  );
  expect(submit().disabled).toBe(false);
});

it('takes digits only; below 5000 it says so inline and keeps submit disabled', async () => {
  serve();
  renderAt('/recharge', <AppRoutes />);
  await screen.findByTestId('pay-to');
  expect(submit().disabled).toBe(true);
  fireEvent.change(amount(), { target: { value: '4a9.9-9' } });
  expect(amount().value).toBe('4999');
  expect(screen.getByRole('alert').textContent).toBe('Please enter correct recharge amount');
  expect(screen.getByTestId('recharge-min').textContent).toBe('Minimum recharge amount: ₹5,000');
  expect(submit().disabled).toBe(true);
  fireEvent.click(submit());
  expect(inputsOf(ADD)).toHaveLength(0);

  fireEvent.change(amount(), { target: { value: '5000' } });
  expect(screen.queryByRole('alert')).toBeNull();
  expect(submit().disabled).toBe(false);
  expect(within(screen.getByTestId('recharge-preview')).getAllByText('₹5,000.0')).toHaveLength(2);
});

it('submits minor units with the method and payment reference, then a dialog leads to the records', async () => {
  serve();
  renderAt('/recharge', <AppRoutes />);
  await screen.findByTestId('pay-to');
  fireEvent.change(amount(), { target: { value: '12000' } });
  fireEvent.change(screen.getByLabelText('UTR / payment reference'), { target: { value: ' UTR123 ' } });
  await act(async () => void fireEvent.click(submit()));
  expect(inputsOf(ADD)).toEqual([{ count: 1200000, method: 'bank', payment_ref: 'UTR123' }]);
  const dialog = await screen.findByRole('dialog', { name: 'Recharge request submitted successfully' });
  expect(within(dialog).getByTestId('recharge-reference').textContent).toBe('RK7Q2M9XA1');
  fireEvent.click(within(dialog).getByRole('button', { name: 'View recharge records' }));
  expect(await screen.findByRole('heading', { name: 'Recharge records' })).toBeTruthy();
  expect(await screen.findAllByTestId('record-row')).toHaveLength(1);
});

it('a double tap books one request', async () => {
  const gate = deferred();
  serve(async (input) => {
    await gate.promise;
    return recharge(41, { count: input.count });
  });
  renderAt('/recharge', <AppRoutes />);
  await screen.findByTestId('pay-to');
  fireEvent.change(amount(), { target: { value: '5000' } });
  fireEvent.click(submit());
  fireEvent.click(submit());
  fireEvent.submit(submit().closest('form')!);
  await act(async () => gate.resolve(undefined));
  await screen.findByRole('dialog');
  expect(inputsOf(ADD)).toHaveLength(1);
});

it('a refused request shows why and lets the user try again', async () => {
  serve(() => {
    throw new ApiError(422, 'rechargeMethodDisabled');
  });
  renderAt('/recharge', <AppRoutes />);
  await screen.findByTestId('pay-to');
  fireEvent.change(amount(), { target: { value: '5000' } });
  await act(async () => void fireEvent.click(submit()));
  expect((await screen.findByRole('alert')).textContent).toBe('This recharge method is not available right now');
  expect(submit().disabled).toBe(false);
});

it('offline, the form says it cannot be sent yet and submits nothing; back online it can', async () => {
  serve();
  renderAt('/recharge', <AppRoutes />);
  await screen.findByTestId('pay-to');
  fireEvent.change(amount(), { target: { value: '6000' } });
  expect(submit().disabled).toBe(false);
  act(() => goOffline());
  expect(screen.getByTestId('offline-note').textContent).toBe("You're offline: this can be sent once you're connected again.");
  // The one offline note: the recharge methods around the form do not say it again.
  expect(screen.queryByTestId('stale-notice')).toBeNull();
  expect(submit().disabled).toBe(true);
  fireEvent.submit(submit().closest('form')!);
  expect(inputsOf(ADD)).toEqual([]);
  act(() => goOnline());
  expect(screen.queryByTestId('offline-note')).toBeNull();
  expect(submit().disabled).toBe(false);
});
