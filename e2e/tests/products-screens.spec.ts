import { expect, test } from './fixtures';
import { authOf, fund, loginByUi, open, registerByApi } from './helpers';

// The products remote's screens against the real API, phone-sized: each lists what the seed has (or says it has
// nothing), and passes the page checks (axe, tap targets) it ends on.

test.beforeEach(async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
});

test('forex loads 10 pairs, then the rest as the list’s end nears the bottom; a row opens the pair’s detail', async ({ page }) => {
  await open(page, '/forex');
  const rows = page.getByTestId('stock-row');
  await expect(rows.first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('forex.png') });
  await page.getByTestId('list-end').scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(11);
  await expect(page.getByText('No more')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Positions' })).toHaveAttribute('href', '/trade-no-nav/forex/1');
  await expect(rows.first()).toHaveAttribute('href', /^\/stock\/v2\/USDINR\//);
});

test('futures search by code with Enter; treasury lists its bonds at 4 decimals', async ({ page }) => {
  await open(page, '/futures');
  await expect(page.getByTestId('stock-row').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('futures.png') });
  const box = page.getByRole('searchbox', { name: 'Search by code' });
  await box.fill('GC=F');
  await box.press('Enter');
  await expect(page.getByTestId('stock-row')).toHaveCount(1);
  await expect(page.getByTestId('stock-row')).toContainText('COMEX');
  await box.fill('   ');
  await box.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Please enter a code to search');

  await open(page, '/treasury-debt');
  await expect(page.getByTestId('stock-row').first()).toContainText(/\d+\.\d{4}/);
  await page.screenshot({ path: test.info().outputPath('treasury.png') });
});

test('block trading, QIP, IPO and funds show their lists and orders', async ({ page, request }) => {
  await fund(request, page, 1_000_000);
  for (const path of ['/block-trading', '/qip', '/ipo', '/fund-investment']) {
    await open(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading…' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`${path.slice(1)}.png`), fullPage: true });
  }
  for (const path of ['/block-trading/orders', '/qip/orders', '/ipo/orders', '/fund-investment/orders']) {
    await open(page, path);
    await expect(page.getByRole('tablist')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`${path.slice(1).replace('/', '-')}.png`) });
  }
});

test('a block buy: the dialog defaults to the most the balance affords, books with the transaction code, and lists the order', async ({ page, request }) => {
  await fund(request, page, 1_000_000);
  const set = await request.post('/api/stock/success/user/password/up', { headers: await authOf(page), data: { type: 'transaction', fund_code_new: '246810', is_first: true } });
  expect(set.status(), await set.text()).toBe(200);
  await open(page, '/block-trading');
  const offer = page.getByTestId('offer').filter({ hasText: 'RELIANCE' });
  await offer.getByRole('button', { name: 'Buy' }).click();
  const dialog = page.getByRole('dialog');
  const quantity = dialog.getByLabel('Quantity (shares)');
  await expect(quantity).not.toHaveValue('');
  const most = Number(await quantity.inputValue());
  expect(most).toBeGreaterThan(100);
  await dialog.getByLabel('Transaction code').fill('000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByTestId('buy-failed')).toHaveText('Incorrect authorization key');
  await dialog.getByLabel('Transaction code').fill('246810');
  await page.screenshot({ path: test.info().outputPath('block-buy.png') });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await open(page, '/block-trading/orders');
  await expect(page.getByTestId('block-order').first()).toContainText('Success');
  await expect(page.getByTestId('block-order').first()).toContainText(`Qty ${most.toLocaleString('en-US')}`);
});

test('a fund purchase after its confirmation shows as an active order', async ({ page, request }) => {
  await fund(request, page, 1_000_000);
  await open(page, '/fund-investment');
  const card = page.getByTestId('fund').first();
  const name = await card.getByRole('heading').innerText();
  await card.getByRole('button', { name: 'Buy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
  await expect(dialog).toContainText(name);
  await expect(dialog).toContainText('not guaranteed');
  await dialog.getByRole('button', { name: 'Buy now' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await open(page, '/fund-investment/orders?tab=active');
  await expect(page.getByTestId('fund-order').first()).toContainText(name);
  await expect(page.getByTestId('fund-order').first().getByTestId('status')).toHaveText('Active');
});

test('an IPO application holds the amount and shows as a pending record', async ({ page, request }) => {
  await fund(request, page, 1_000_000);
  await open(page, '/ipo');
  const forthcoming = page.getByTestId('ipo').filter({ has: page.getByRole('button', { name: 'Apply', disabled: false }) }).first();
  const company = await forthcoming.getByRole('heading').innerText();
  const card = page.getByTestId('ipo').filter({ hasText: company });
  await card.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /more shares$/ }).click();
  await expect(dialog.getByTestId('hold-note')).toContainText('not debited');
  await page.screenshot({ path: test.info().outputPath('ipo-apply.png') });
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card.getByTestId('ipo-mine')).toContainText('held until allotment');
  await open(page, '/ipo/orders');
  const row = page.getByTestId('ipo-order').first();
  await expect(row.getByTestId('status')).toHaveText('Pending');
  await expect(row.getByTestId('ipo-held')).toContainText('held until allotment');
});
