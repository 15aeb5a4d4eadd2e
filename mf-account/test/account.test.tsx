import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { bus, session } from '@invest/shared';
import { AccountPage } from '../src/account/AccountPage';
import { SettingsPage } from '../src/settings/SettingsPage';
import { answer, goOffline, inputsOf, renderAt, setup, stockRow } from '@invest/shared/testing';
import { texts } from '../src/i18n';

const INFO = { id: 3, user: '9876543210', no: '40000003', img: '', total: 1234567, money: 1000050, loan: 0 };
const CONFIG = [
  { tag: 'min_withdraw_count', value: '100' },
  { tag: 'currency', value: 'INR' },
];

beforeAll(() => setup(texts));
const row = (stock: string, market: string) =>
  stockRow(1, { stock, name: `${stock} name`, market, market_name: market, exchange_name: 'X', prasent: 10, close_prices: 9, percent_change: 11.11, precision: market === 'FOREX' ? 4 : 2 });
const stockList = (input: { market: string; limit: number }) => ({
  rows: Array.from({ length: input.limit }, (_, i) => row(`${input.market}${i}`, input.market)),
  count: 50,
});
const HANDLERS = {
  '/stock/success/v2/user/info': () => INFO,
  '/v2/config': () => CONFIG,
  '/stock/success/user/logout': () => 'ok',
  '/v2/stock/list': stockList,
};

beforeEach(() => {
  localStorage.clear();
  answer(HANDLERS);
});
afterEach(() => jest.clearAllMocks());

describe('account page', () => {
  it('shows the user, the ID and both wallet amounts in the deployment currency', async () => {
    renderAt('/account', <AccountPage />);
    expect(await screen.findByText('9876543210')).toBeTruthy();
    expect(screen.getByText('ID: 40000003')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('₹12,345.67'));
    expect(screen.getByTestId('available-balance').textContent).toBe('₹10,000.50');
  });

  it('the eye toggle masks both amounts and remembers the choice', async () => {
    const { unmount } = renderAt('/account', <AccountPage />);
    await screen.findByText('₹12,345.67');
    fireEvent.click(screen.getByRole('button', { name: 'Hide amounts' }));
    expect(screen.getByTestId('total-assets').textContent).toBe('********');
    expect(screen.getByTestId('available-balance').textContent).toBe('********');
    unmount();
    renderAt('/account', <AccountPage />);
    expect((await screen.findByTestId('total-assets')).textContent).toBe('********');
    fireEvent.click(screen.getByRole('button', { name: 'Show amounts' }));
    await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('₹12,345.67'));
  });

  it('with a loan out, a note under the wallet card says total assets are net of it, masked like the amounts', async () => {
    const { unmount } = renderAt('/account', <AccountPage />);
    await screen.findByText('₹12,345.67');
    expect(screen.queryByTestId('net-of-loan')).toBeNull();
    unmount();

    answer({ ...HANDLERS, '/stock/success/v2/user/info': () => ({ ...INFO, total: 800_000, money: 1_000_050, loan: 300_000 }) });
    renderAt('/account', <AccountPage />);
    expect((await screen.findByTestId('net-of-loan')).textContent).toBe('Total assets are net of your outstanding loan of ₹3,000.00.');
    expect(screen.getByTestId('total-assets').textContent).toBe('₹8,000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Hide amounts' }));
    expect(screen.getByTestId('net-of-loan').textContent).toBe('Total assets are net of your outstanding loan of ********.');
  });

  it('links to details, recharge, withdraw, records and loan', async () => {
    renderAt('/account', <AccountPage />);
    await screen.findByTestId('total-assets');
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/account/changes', '/recharge', '/withdraw', '/recharge-records/recharge', '/loan', '/settings']));
  });

  it('offers a retry when the account cannot load', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    answer({ '/v2/config': () => CONFIG });
    renderAt('/account', <AccountPage />);
    expect(await screen.findByText('Could not load your account')).toBeTruthy();
    answer(HANDLERS);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('total-assets')).toBeTruthy();
  });

  it('an MXN deployment shows pesos and Mexican stocks', async () => {
    answer({ ...HANDLERS, '/v2/config': () => [{ tag: 'currency', value: 'MXN' }] });
    renderAt('/account', <AccountPage />);
    await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('MX$12,345.67'));
    expect(inputsOf('/v2/stock/list')[0]).toEqual({ market: 'MX', page: 1, limit: 3 });
  });

  it('a failed settings load is an error with a retry, never rupees by default', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    answer({ ...HANDLERS, '/v2/config': () => Promise.reject(new Error('down')) });
    renderAt('/account', <AccountPage />);
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain("The app's settings could not load");
    expect(screen.queryByText(/₹/)).toBeNull();
    answer(HANDLERS);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('₹12,345.67'));
  });

  it('offline, the amounts shown say they are not current', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { client } = renderAt('/account', <AccountPage />);
    await waitFor(() => expect(screen.getByTestId('total-assets').textContent).toBe('₹12,345.67'));
    goOffline();
    await act(async () => void client.refetchQueries());
    const [accountNotice, marketsNotice] = await screen.findAllByTestId('stale-notice');
    expect(accountNotice!.textContent).toMatch(/^Offline — last updated \d\d:\d\d$/);
    expect(marketsNotice!.textContent).toMatch(/^Offline — prices as of \d\d:\d\d$/);
    expect(screen.getByTestId('total-assets').textContent).toBe('₹12,345.67');
  });

  it('lists three instruments per market tab, Indian stocks for an INR deployment', async () => {
    renderAt('/account', <AccountPage />);
    await screen.findByText('IN0 name');
    expect(inputsOf('/v2/stock/list')[0]).toEqual({ market: 'IN', page: 1, limit: 3 });
    expect(screen.getAllByTestId('stock-row')).toHaveLength(3);
    expect(screen.getByText('IN0 name').closest('a')?.getAttribute('href')).toBe('/stock/v2/IN0/IN0%20name');
    for (const [tab, market] of [
      ['Forex', 'FOREX'],
      ['Futures', 'FUTURE'],
      ['Treasury', 'CGI'],
    ]) {
      fireEvent.click(screen.getByRole('tab', { name: tab }));
      await screen.findByText(`${market}2 name`);
      expect(inputsOf('/v2/stock/list').at(-1)).toEqual({ market, page: 1, limit: 3 });
    }
  });
});

describe('settings', () => {
  it('has the three rows, the transaction-password row (passwords.test.tsx), and logs out only after confirmation', async () => {
    session.start('tok', { id: 3, user: '9876543210', login: true }, null);
    const overlays: boolean[] = [];
    const sub = bus.on('overlay').subscribe((e) => overlays.push(e.open));
    renderAt(
      '/settings',
      <Routes>
        <Route path="/settings" element={<SettingsPage />} />
      </Routes>,
    );
    expect(screen.getByRole('link', { name: 'Login password' }).getAttribute('href')).toBe('/settings/login-password');
    expect(screen.getByRole('link', { name: 'Real-name verification' }).getAttribute('href')).toBe('/settings/real-name');
    expect(screen.getByRole('link', { name: 'Bank cards' }).getAttribute('href')).toBe('/settings/bank-cards');
    expect(screen.getByRole('button', { name: /Transaction password/ })).toBe(screen.getByTestId('transaction-password-row'));

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog');
    expect(overlays).toEqual([true]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(session.isLoggedIn()).toBe(true);
    expect(inputsOf('/stock/success/user/logout')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    const confirm = (await screen.findByRole('dialog')).querySelector('button:last-child') as HTMLButtonElement;
    await act(async () => fireEvent.click(confirm));
    expect(inputsOf('/stock/success/user/logout')).toHaveLength(1);
    expect(session.isLoggedIn()).toBe(false);
    expect(dialog.isConnected).toBe(false);
    sub.unsubscribe();
  });
});
