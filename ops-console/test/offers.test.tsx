import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@invest/shared';
import { answer, collectToasts, inputsOf, renderAt } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { CONFIG, consolePageTests, me, offer, rowsOf, typeInto } from './fixtures';

consolePageTests(() => import('../src/offers/OffersPage'));

const created = () => inputsOf('/ops/offers').filter((i) => 'tag' in i);

it('lists every offer with its kind, block price, minimum and status, and the selected one with its windows', async () => {
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('products'),
    '/ops/offers': () => ({ rows: [offer(2, { tag: 'AAPL', type: 'US', currency: 'USD', price: 190.25, mold: 'finalize', qualified_only: true, time_zone: 'America/New_York' }), offer(1, { status: 2, closed_by: 'pat', closed_at: '2026-03-05T00:00:00.000Z' })], count: 2 }),
  });
  renderAt('/ops/offers', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(2));
  expect(inputsOf('/ops/offers')[0]).toEqual({ page: 1, limit: 100 });
  const [aapl, reliance] = rowsOf();
  expect(within(aapl!).getByText('QIP')).toBeTruthy();
  expect(within(aapl!).getByText('US$190.25')).toBeTruthy();
  expect(within(aapl!).getByText('Open')).toBeTruthy();
  expect(within(reliance!).getByText('₹1,410.50')).toBeTruthy();
  expect(within(reliance!).getByText('Closed')).toBeTruthy();
  fireEvent.keyDown(reliance!, { key: 'Enter' });
  const panel = screen.getByRole('complementary', { name: 'Offer 1' });
  expect(within(panel).getByText('09:15–15:30')).toBeTruthy();
  expect(within(panel).getByText(/Asia\/Kolkata/)).toBeTruthy();
  // A closed offer cannot be closed again.
  expect(within(panel).queryByRole('button', { name: 'Close offer' })).toBeNull();
});

it('creates an offer with every field the contract takes, checked before it is sent, and shows it beside the list', async () => {
  const toasts = collectToasts();
  let offers = [offer(1)];
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('products'),
    '/ops/offers': (input) => {
      if (!('tag' in input)) return { rows: offers, count: offers.length };
      const made = offer(2, { tag: input.tag, mold: input.mold, price: input.price, count: input.count, windows: input.windows, qualified_only: input.qualified_only, orders: 0, shares: 0 });
      offers = [made, ...offers];
      return made;
    },
  });
  renderAt('/ops/offers', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  fireEvent.click(screen.getByRole('button', { name: 'New offer' }));
  const form = await screen.findByRole('form', { name: 'New offer' });
  const submit = within(form).getByRole('button', { name: 'Create offer' }) as HTMLButtonElement;
  expect(submit.disabled).toBe(true);

  typeInto(within(form).getByLabelText('Stock code'), 'tcs.ns');
  expect((within(form).getByLabelText('Stock code') as HTMLInputElement).value).toBe('TCS.NS');
  typeInto(within(form).getByLabelText('Block price'), '0');
  expect(within(form).getByText('Please enter a valid price')).toBeTruthy();
  typeInto(within(form).getByLabelText('Block price'), '3950.25');
  typeInto(within(form).getByLabelText('Minimum quantity'), '50');
  typeInto(within(form).getByLabelText('Window 1 opens'), '09:15');
  typeInto(within(form).getByLabelText('Window 1 closes'), '25:00');
  // The contract's own message, before anything is sent.
  expect(within(form).getByText('Enter each window as HH:MM to HH:MM, opening before it closes')).toBeTruthy();
  expect(submit.disabled).toBe(true);
  typeInto(within(form).getByLabelText('Window 1 closes'), '15:30');
  fireEvent.click(within(form).getByRole('button', { name: 'Add a window' }));
  typeInto(within(form).getByLabelText('Window 2 opens'), '16:00');
  typeInto(within(form).getByLabelText('Window 2 closes'), '24:00');
  fireEvent.click(within(form).getByLabelText('Qualified investors only'));
  expect(submit.disabled).toBe(false);
  await act(async () => fireEvent.click(submit));

  await waitFor(() => expect(toasts.messages).toContain('Offer 2 of TCS.NS created'));
  expect(created()).toEqual([
    { tag: 'TCS.NS', mold: 'bulk', price: 3950.25, count: 50, windows: [{ open: '09:15', close: '15:30' }, { open: '16:00', close: '24:00' }], qualified_only: true },
  ]);
  // The list asks again: the new offer is there, and open beside it.
  await waitFor(() => expect(rowsOf()).toHaveLength(2));
  expect(within(rowsOf()[0]!).getByText('TCS.NS')).toBeTruthy();
  expect(await screen.findByRole('heading', { name: 'Offer 2' })).toBeTruthy();
  toasts.stop();
});

it('makes a QIP for qualified investors only, and shows the API’s refusal in its own words', async () => {
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('admin'),
    '/ops/offers': (input) => {
      if (!('tag' in input)) return { rows: [], count: 0 };
      throw new ApiError(422, 'offerMarketMismatch');
    },
  });
  renderAt('/ops/offers', <AppRoutes />);
  expect(await screen.findByText('No offers yet.')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'New offer' }));
  const form = await screen.findByRole('form', { name: 'New offer' });
  fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'finalize' } });
  const qualified = within(form).getByLabelText('Qualified investors only') as HTMLInputElement;
  expect([qualified.checked, qualified.disabled]).toEqual([true, true]);
  fireEvent.change(within(form).getByLabelText('Market'), { target: { value: 'US' } });
  typeInto(within(form).getByLabelText('Stock code'), 'INFY.NS');
  typeInto(within(form).getByLabelText('Block price'), '1500');
  typeInto(within(form).getByLabelText('Window 1 opens'), '00:00');
  typeInto(within(form).getByLabelText('Window 1 closes'), '24:00');
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Create offer' })));
  expect(await within(form).findByText('This code is not a stock of that market (US or IN)')).toBeTruthy();
  expect(created()).toEqual([{ tag: 'INFY.NS', mold: 'finalize', price: 1500, count: 100, type: 'US', windows: [{ open: '00:00', close: '24:00' }], qualified_only: true }]);
});

it('closes an open offer only after a confirmation', async () => {
  const toasts = collectToasts();
  let status = 1;
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('products'),
    '/ops/offers': () => ({ rows: [offer(1, { status })], count: 1 }),
    '/ops/offers/1/close': () => {
      status = 2;
      return offer(1, { status, closed_by: 'ops', closed_at: '2026-03-06T00:00:00.000Z' });
    },
  });
  renderAt('/ops/offers', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  fireEvent.click(rowsOf()[0]!);
  fireEvent.click(screen.getByRole('button', { name: 'Close offer' }));
  const dialog = screen.getByRole('dialog', { name: 'Close offer 1 (RELIANCE.NS)' });
  expect(within(dialog).getByText('This cannot be undone.')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(inputsOf('/ops/offers/1/close')).toEqual([]);
  fireEvent.click(screen.getByRole('button', { name: 'Close offer' }));
  await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close offer' })));
  await waitFor(() => expect(toasts.messages).toContain('Offer 1 of RELIANCE.NS closed'));
  expect(inputsOf('/ops/offers/1/close')).toEqual([{}]);
  await waitFor(() => expect(within(rowsOf()[0]!).getByText('Closed')).toBeTruthy());
  toasts.stop();
});
