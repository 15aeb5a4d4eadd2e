/**
 * The whole journey of a new investor, in both deployments: register, deposit, buy, sell, withdraw, log out and log
 * in again, each step through the screens (an operator completes the deposit and pays the withdrawal out through
 * `npm run ops`). India runs on the suite's server; Mexico on a server of its own (CURRENCY=MXN), where the home
 * market is the BMV and every amount carries its mark.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, authOf, freshPhone, INVITE, open, opsCliOn, PASSWORD } from './helpers';
import { OwnServer } from './ownServer';
import { approveRealName } from './realName';

interface Deployment {
  name: 'INR' | 'MXN';
  /** A server of the spec's own, or the suite's. */
  server?: OwnServer;
  /** The home market's index on the home screen, and a stock of it. */
  index: string;
  stock: { symbol: string; market: string; name: string };
  /** The mark of the deployment's money. */
  mark: string;
  card: Record<string, string>;
  idNumber: string;
}

const DEPLOYMENTS: Deployment[] = [
  {
    name: 'INR',
    index: 'NIFTY 50',
    stock: { symbol: 'RELIANCE.NS', market: 'IN', name: 'Reliance Industries Ltd' },
    mark: '₹',
    card: { bank_user: 'Asha Rao', bank: 'State Bank of India', ifsc: 'SBIN0001234', bank_card: '123456789012' },
    idNumber: '234123412346',
  },
  {
    name: 'MXN',
    server: new OwnServer(Number(process.env.E2E_MXN_PORT ?? 8194), { CURRENCY: 'MXN' }, 'mxn'),
    index: 'S&P/BMV IPC',
    stock: { symbol: 'AMXB.MX', market: 'MX', name: 'América Móvil, S.A.B. de C.V.' },
    mark: 'MX$',
    card: { bank_user: 'Lucía Hernández', bank: 'BBVA México', bank_card: '002010077777777771' },
    idNumber: 'HEGL850101MDFRNC09',
  },
];

/** An amount of the deployment's money as the screens write it, e.g. MX$5,000.00. */
const money = (d: Deployment, units: number) => `${d.mark}${units.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function newestId(request: APIRequestContext, page: Page, url: string): Promise<number> {
  const { rows } = await apiGet<{ rows: { id: number }[] }>(request, page, url);
  return rows[0]!.id;
}

for (const d of DEPLOYMENTS) {
  test.describe(`the ${d.name} deployment`, () => {
    if (d.server) test.use({ baseURL: d.server.baseURL });
    test.beforeAll(async () => {
      test.setTimeout(180_000);
      await d.server?.start();
    });
    test.afterAll(async () => d.server?.remove());

    test('register, deposit, buy, sell, withdraw, log out and log in again', async ({ page, request, baseURL }) => {
      test.setTimeout(240_000);
      const ops = d.server ?? { baseURL: baseURL! };
      const phone = freshPhone();

      // Register with the invitation code, then log in.
      await page.goto('/register');
      await page.getByLabel('Phone number', { exact: true }).fill(phone);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByLabel('Confirm password').fill(PASSWORD);
      await page.getByLabel('Invitation code').fill(INVITE);
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page).toHaveURL(/\/login\?phone=/);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText(d.index).first()).toBeVisible();

      // A deposit, completed by an operator: the balance shows it without a reload.
      await open(page, '/recharge');
      await page.getByTestId('recharge-amount').fill('5000');
      await page.getByTestId('recharge-submit').click();
      await expect(page.getByRole('dialog', { name: 'Recharge request submitted successfully' })).toBeVisible();
      await opsCliOn(ops, 'recharge-complete', String(await newestId(request, page, '/api/stock/success/property/list')));
      await open(page, '/account/changes');
      await expect(page.getByTestId('bills-balance')).toHaveText(money(d, 5000), { timeout: 15_000 });

      // Buy two shares of a home-market stock at the engine's price.
      const ticket = `/stock/trading/${d.stock.symbol}/${d.stock.market}/${encodeURIComponent(d.stock.name)}`;
      await open(page, `${ticket}?type=buy`);
      await expect(page.getByTestId('live-price')).toHaveText(new RegExp(`^${d.mark.replace('$', '\\$')}[\\d,]+\\.\\d\\d$`));
      await expect(page.getByTestId('available')).toHaveText(money(d, 5000));
      await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
      await page.getByTestId('submit-buy').click();
      await expect(page.getByRole('status').filter({ hasText: 'Purchase successful' })).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`${d.name}-ticket.png`), fullPage: true });

      // Sell the lot from the ticket's sell side.
      const lot = await page.getByTestId('ticket-lot').first().textContent();
      const no = /No\. (T[0-9A-Z]+)/.exec(lot ?? '')?.[1];
      expect(no, lot ?? '').toBeDefined();
      await open(page, `${ticket}?type=sell`);
      await page.getByRole('button', { name: `Sell lot ${no}` }).click();
      await page.getByRole('dialog', { name: 'Sell this lot?' }).getByRole('button', { name: 'Sell' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Sold successfully' })).toBeVisible();

      // Withdraw to a bank card (a real name approved first), paid out by an operator.
      await approveRealName(request, page, { dataDir: d.server?.dataDir, idNumber: d.idNumber });
      const card = await request.post('/api/stock/success/bank/add', { headers: await authOf(page), data: d.card });
      expect(card.status(), await card.text()).toBe(200);
      await open(page, '/withdraw');
      await page.getByTestId('withdraw-amount').fill('200');
      await page.getByTestId('withdraw-submit').click();
      await expect(page).toHaveURL(/\/withdraw-records$/);
      await expect(page.getByTestId('status')).toHaveText('In progress');
      await opsCliOn(ops, 'withdrawal-complete', String(await newestId(request, page, '/api/stock/success/property/withdraw')));
      await expect(page.getByTestId('status')).toHaveText('Completed', { timeout: 15_000 });

      // The bills tell the story, newest first, in the deployment's money.
      await open(page, '/account/changes');
      await expect
        .poll(() => page.getByTestId('bill-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-reason'))))
        .toEqual(['withdraw', 'transactionExpenses', 'sellStock', 'transactionExpenses', 'buyStock', 'recharge']);
      const text = await page.locator('main').innerText();
      if (d.name === 'MXN') expect(text).not.toMatch(/(^|[^A-Z])\$\d/);
      await page.screenshot({ path: test.info().outputPath(`${d.name}-bills.png`), fullPage: true });

      // Log out, and in again.
      await open(page, '/settings');
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    });
  });
}
