import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@invest/shared';
import { answer, collectToasts, inputsOf, renderAt } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { CONFIG, consolePageTests, me } from './fixtures';

consolePageTests(() => import('../src/settings/SettingsPage'));

/** Every setting the API lists (api/src/wallet/settings.ts, sorted by tag), with `languages` beside them. */
const TAGS = [
  'customer_service_link',
  'customer_service_mode',
  'embed_origins',
  'four_eyes_min',
  'languages',
  'loan_credit_limit',
  'loan_credit_score',
  'loan_interest_bps',
  'loan_term_days',
  'min_withdraw_count',
  'recharge_bank_account',
  'recharge_bank_account_name',
  'recharge_bank_clabe',
  'recharge_bank_enabled',
  'recharge_bank_ifsc',
  'recharge_bank_name',
  'recharge_usdt_address',
  'recharge_usdt_enabled',
  'trade_fee_bps',
  'trade_fee_min',
  'trade_fx_max_age_seconds',
  'trade_price_collar_bps',
  'usdt_rate_minor',
];

/** A fake API keeping the settings; `refuse` answers a save of a tag with that refusal. */
function settingsApi(start: Record<string, string>, refuse: Record<string, ApiError> = {}) {
  const values: Record<string, string> = { ...start };
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('admin'),
    '/ops/settings': (input) => {
      if (!('tag' in input)) return TAGS.map((tag) => ({ tag, value: values[tag] ?? '' }));
      if (refuse[input.tag]) throw refuse[input.tag];
      values[input.tag] = input.value;
      return { tag: input.tag, value: input.value };
    },
  });
}

const rowOf = async (tag: string) => {
  const rows = await screen.findAllByTestId('setting');
  return rows.find((r) => r.getAttribute('data-tag') === tag)!;
};
const saved = () => inputsOf('/ops/settings').filter((i) => 'tag' in i);

it('lists every setting by section, with what is in force now: money as money, whole units named, defaults when unset', async () => {
  settingsApi({ four_eyes_min: '20000000', min_withdraw_count: '250', trade_fee_bps: '5', recharge_bank_enabled: '1' });
  renderAt('/ops/settings', <AppRoutes />);
  expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeTruthy();
  expect(await screen.findAllByTestId('setting')).toHaveLength(TAGS.length);
  expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Withdrawals and approvals', 'Loans', 'Recharge methods', 'Trading', 'Customer service', 'App']);
  const now = async (tag: string) => within(await rowOf(tag)).getByTestId('setting-now').textContent;
  expect(await now('four_eyes_min')).toBe('Now: ₹200,000.00');
  expect(await now('min_withdraw_count')).toBe('Now: ₹250.00');
  expect(await now('loan_credit_limit')).toBe('Not set: default ₹50,000.00.');
  expect(await now('trade_fee_bps')).toBe('Now: 5 basis points (0.05 %)');
  expect(await now('loan_term_days')).toBe('Not set: default 30 days.');
  expect(await now('languages')).toBe('Not set: default English.');
  // The editors start from the stored value: money in units with its cents.
  expect(((await within(await rowOf('four_eyes_min')).findByLabelText('Value (₹, with cents)')) as HTMLInputElement).value).toBe('200000.00');
  expect(within(await rowOf('recharge_bank_enabled')).getByRole('switch', { name: 'Bank transfer' }).getAttribute('aria-checked')).toBe('true');
});

it('sends one setting at a time, in the unit the API takes: whole units, minor units for money, 1 or 0 for a switch', async () => {
  const toasts = collectToasts();
  settingsApi({ min_withdraw_count: '100' });
  renderAt('/ops/settings', <AppRoutes />);

  const minimum = await rowOf('min_withdraw_count');
  const units = await within(minimum).findByLabelText('Value (whole ₹)');
  const save = within(minimum).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  expect(save.disabled).toBe(true);
  fireEvent.change(units, { target: { value: '12.5' } });
  expect(within(minimum).getByText('Enter a whole number')).toBeTruthy();
  expect(save.disabled).toBe(true);
  fireEvent.change(units, { target: { value: '250' } });
  await act(async () => fireEvent.click(save));
  await waitFor(() => expect(toasts.messages).toContain('Saved: Minimum withdrawal'));
  expect(within(await rowOf('min_withdraw_count')).getByTestId('setting-now').textContent).toBe('Now: ₹250.00');

  const fourEyes = await rowOf('four_eyes_min');
  fireEvent.change(within(fourEyes).getByLabelText('Value (₹, with cents)'), { target: { value: '2000.5' } });
  await act(async () => fireEvent.click(within(fourEyes).getByRole('button', { name: 'Save' })));
  await waitFor(() => expect(toasts.messages).toContain('Saved: Second approval from'));

  await act(async () => fireEvent.click(within(await rowOf('customer_service_mode')).getByRole('switch', { name: 'Customer-service mode' })));
  await waitFor(() => expect(toasts.messages).toContain('Saved: Customer-service mode'));

  const link = await rowOf('customer_service_link');
  const address = within(link).getByLabelText('Value');
  fireEvent.change(address, { target: { value: 'http://help.example.com' } });
  expect(within(link).getByText("Enter an https:// address or one of the app's pages, such as /customer-service")).toBeTruthy();
  fireEvent.change(address, { target: { value: 'https://help.example.com/chat' } });
  expect(within(link).getByRole('link', { name: 'Open the link in a new tab' }).getAttribute('href')).toBe('https://help.example.com/chat');
  await act(async () => fireEvent.click(within(link).getByRole('button', { name: 'Save' })));
  await waitFor(() => expect(toasts.messages).toContain('Saved: Customer-service link'));

  expect(saved()).toEqual([
    { tag: 'min_withdraw_count', value: '250' },
    { tag: 'four_eyes_min', value: '200050' },
    { tag: 'customer_service_mode', value: '1' },
    { tag: 'customer_service_link', value: 'https://help.example.com/chat' },
  ]);
  // Back to the default: the setting is cleared.
  await act(async () => fireEvent.click(within(await rowOf('min_withdraw_count')).getByRole('button', { name: 'Use the default' })));
  await waitFor(() => expect(toasts.messages).toContain('Back to the default: Minimum withdrawal'));
  expect(saved().at(-1)).toEqual({ tag: 'min_withdraw_count', value: '' });
  toasts.stop();
});

it('edits the languages with a checkbox each (English always) and the default first, and shows the API’s refusal in its words', async () => {
  const toasts = collectToasts();
  settingsApi({}, { trade_fee_bps: new ApiError(422, 'invalidInput') });
  renderAt('/ops/settings', <AppRoutes />);
  const languages = await rowOf('languages');
  const box = (name: RegExp) => within(languages).getByRole('checkbox', { name }) as HTMLInputElement;
  const value = () => within(languages).getByTestId('languages-value').textContent;
  expect([box(/^English/).checked, box(/^English/).disabled, box(/^中文/).checked, box(/^Español/).checked, box(/^Deutsch/).checked]).toEqual([true, true, false, false, false]);
  const save = within(languages).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
  expect(save.disabled).toBe(true);
  fireEvent.click(box(/^Español/));
  expect(value()).toBe('Saved as: en,es');
  fireEvent.change(within(languages).getByLabelText('Default for visitors who have not chosen'), { target: { value: 'es' } });
  expect(value()).toBe('Saved as: es,en');
  fireEvent.click(box(/^Deutsch/));
  expect(value()).toBe('Saved as: es,en,de');
  // Unticking the default makes English the default again.
  fireEvent.click(box(/^Español/));
  expect(value()).toBe('Saved as: en,de');
  fireEvent.click(box(/^Español/));
  fireEvent.change(within(languages).getByLabelText('Default for visitors who have not chosen'), { target: { value: 'es' } });
  await act(async () => fireEvent.click(save));
  await waitFor(() => expect(toasts.messages).toContain('Saved: Languages'));
  expect(saved()).toEqual([{ tag: 'languages', value: 'es,en,de' }]);
  expect(within(await rowOf('languages')).getByTestId('setting-now').textContent).toBe('Now: Español (default), English, Deutsch');

  const fee = await rowOf('trade_fee_bps');
  fireEvent.change(within(fee).getByLabelText('Value (basis points, 100 = 1 %)'), { target: { value: '2000' } });
  expect(within(fee).getByText('Enter a whole number from 0 to 1000')).toBeTruthy();
  fireEvent.change(within(fee).getByLabelText('Value (basis points, 100 = 1 %)'), { target: { value: '7' } });
  await act(async () => fireEvent.click(within(fee).getByRole('button', { name: 'Save' })));
  expect(await within(fee).findByText('Some of the information is not valid')).toBeTruthy();
  toasts.stop();
});

it('takes the sites that may embed the app as origins separated by spaces', async () => {
  settingsApi({});
  renderAt('/ops/settings', <AppRoutes />);
  const embed = await rowOf('embed_origins');
  const field = within(embed).getByLabelText('Value');
  fireEvent.change(field, { target: { value: 'https://partner.example/page' } });
  expect(within(embed).getByText('Enter web origins such as https://partner.example, separated by spaces (at most 20)')).toBeTruthy();
  fireEvent.change(field, { target: { value: 'https://partner.example   http://localhost:8080' } });
  await act(async () => fireEvent.click(within(embed).getByRole('button', { name: 'Save' })));
  await waitFor(() => expect(saved()).toEqual([{ tag: 'embed_origins', value: 'https://partner.example http://localhost:8080' }]));
});

it('shows the API’s refusal of a setting it does not know, in its words', async () => {
  settingsApi({}, { languages: new ApiError(404, 'notFound') });
  renderAt('/ops/settings', <AppRoutes />);
  const languages = await rowOf('languages');
  fireEvent.click(within(languages).getByRole('checkbox', { name: /^Deutsch/ }));
  await act(async () => fireEvent.click(within(languages).getByRole('button', { name: 'Save' })));
  expect(await within(languages).findByText('Not found')).toBeTruthy();
});
