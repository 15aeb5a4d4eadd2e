/**
 * A fund from purchase to its settlement at term, as a user sees it. The term is real time (a month), so this test
 * runs a server of its own on its own embedded database: started today for the purchase, then started again on the
 * same data with its clock a term later (libfaketime, which shifts the whole process's clock, the database's
 * included) for the operator's settlement through `npm run ops`. The phone's own clock is not moved.
 */
import { expect, test } from './fixtures';
import { fund, inr, loginByUi, open, opsCliOn, PASSWORD, registerByApi } from './helpers';
import { OwnServer } from './ownServer';

const server = new OwnServer(Number(process.env.E2E_SETTLEMENT_PORT ?? 8193), {}, 'settlement');
const BASE_URL = server.baseURL;
const TERM_DAYS = 30;

test.use({ baseURL: BASE_URL });

test.afterAll(() => server.remove());

test('a fund bought today is settled at term by the operator: the order completed with its profit, the principal and the profit in the bills', async ({ page, request }) => {
  test.setTimeout(300_000);
  await server.start();
  const phone = await registerByApi(request);
  await loginByUi(page, phone);
  await fund(request, page, 100_000, server.dataDir);
  const name = `Term Fund ${Date.now().toString(36).toUpperCase()}`;
  const created = await opsCliOn(server, 'funds', 'create', '--name', name, '--min', '2', '--max', '5', '--days', String(TERM_DAYS), '--amount', '2500000', '--issue', '250000000');
  const id = /^fund (\d+) created/.exec(created)?.[1];
  expect(id, created).toBeDefined();

  await open(page, '/fund-investment');
  const card = page.getByTestId('fund').filter({ has: page.getByRole('heading', { name }) });
  await card.getByRole('button', { name: 'Buy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
  await expect(dialog).toContainText('Amount₹25,000.00');
  await dialog.getByRole('button', { name: 'Buy now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Investment successful' })).toBeVisible();
  await open(page, '/fund-investment/orders');
  const order = page.getByTestId('fund-order').filter({ has: page.getByRole('heading', { name }) });
  await expect(order.getByTestId('status')).toHaveText('Active');

  // A term and a day later: the project is due, and the operator settles it at 4 % for the term.
  await server.stop();
  await server.start(TERM_DAYS + 1);
  expect(await opsCliOn(server, 'funds', 'list', '--status', 'open')).toMatch(new RegExp(`^${id} .*DUE`, 'm'));
  expect(await opsCliOn(server, 'funds', 'settle', id!, '--rate', '4')).toContain(`fund ${id} settled`);
  await expect(opsCliOn(server, 'funds', 'settle', id!, '--rate', '4')).rejects.toThrow(/This fund has already been settled \(fundAlreadySettled\)/);

  // The phone comes back a month on: its session has run out, and logging in again leads back to the orders.
  await page.reload();
  await expect(page).toHaveURL(/\/login\?next=%2Ffund-investment%2Forders$/);
  await page.getByLabel('Phone number', { exact: true }).fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/fund-investment\/orders$/);
  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(order.getByTestId('status')).toHaveText('Completed');
  await expect(order).toContainText(`Profit paid${inr(100_000)} (4.00%)`);
  await expect(order.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('fund-settled.png'), fullPage: true });

  await open(page, '/account/changes');
  const bills = page.getByTestId('bill-row');
  await expect.poll(() => bills.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-reason')))).toEqual(['fund_project_profit', 'principal_returned', 'fund_purchase', 'recharge']);
  await expect(bills.nth(0).getByTestId('bill-amount')).toHaveText(`+${inr(100_000)}`);
  await expect(bills.nth(1).getByTestId('bill-amount')).toHaveText(`+${inr(2_500_000)}`);
  await expect(page.getByTestId('bills-balance')).toHaveText(inr(10_100_000));
});
