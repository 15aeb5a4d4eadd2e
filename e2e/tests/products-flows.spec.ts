import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, authOf, fund, inr, loginByUi, open, operatorToken, opsCli, registerByApi } from './helpers';

// The products' flows end to end, as a user does them on a phone against the real API (markets always open in this
// server), with the operator's side through `npm run ops`: a block buy, a QIP refused outside its window, an IPO from
// application to allotment to its sale, a fund from purchase to settlement, and a forex pair bought and sold.
// products-screens.spec.ts shows the lists themselves (search, infinite scroll, empty and loaded states).

/** A price as the screens show it, in its quote currency's symbol. */
const rupees = (price: number, decimals = 2) => `₹${price.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
/** A screenshot of the whole page, or of the viewport only (a dialog: the backdrop covers the viewport, not the page). */
const shot = (page: Page, name: string, fullPage = true) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
/** A toast, by its text. */
const toastOf = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

interface ApiOrder {
  no: string;
  tag: string;
  count: number;
  status: number;
  state: 'buy' | 'sell';
  price: number;
  price_all: number;
  fee: number;
  cost: number;
  sell_amount: number | null;
  sell_fee: number | null;
  realized_pnl: number | null;
}

async function orders(request: APIRequestContext, page: Page, filter: Record<string, unknown> = {}): Promise<{ rows: ApiOrder[]; count: number }> {
  const res = await request.post('/api/stock/success/deal/list', { headers: await authOf(page), data: { page: 1, limit: 100, ...filter } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { rows: ApiOrder[]; count: number } }).data;
}

const wallet = async (request: APIRequestContext, page: Page) => apiGet<{ id: number; user: string; money: number; total: number }>(request, page, '/api/stock/success/v2/user/info');

interface ApiOffer {
  id: number;
  tag: string;
  name: string;
  price: number;
  count: number;
  fx_rate: number | null;
  margin_bps: number;
  open_now: boolean;
}
async function offers(request: APIRequestContext, page: Page, mold: 'bulk' | 'finalize', code: string): Promise<ApiOffer[]> {
  const res = await request.post('/api/stock/success/stock/list', { headers: await authOf(page), data: { mold, code, page: 1, limit: 100 } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { rows: ApiOffer[] } }).data.rows;
}

/** The bills' rows, newest first, as /account/changes lists them. */
async function expectBills(page: Page, reasons: string[]) {
  await open(page, '/account/changes');
  const bills = page.getByTestId('bill-row');
  await expect(bills.first()).toBeVisible();
  await expect.poll(async () => bills.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-reason')))).toEqual(reasons);
  return bills;
}

test.beforeEach(async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
});

test('a block buy: the transaction password set from the dialog’s prompt, the most the balance affords by default, a wrong code refused, the order and the position', async ({ page, request }) => {
  await fund(request, page, 500_000);
  await open(page, '/block-trading');
  const card = page.getByTestId('offer').filter({ hasText: 'RELIANCE' });
  const marketPrice = card.getByTestId('market-price');
  await expect(marketPrice).toHaveText(/^₹[\d,]+\.\d\d$/);
  await shot(page, 'block-offers');
  // The market price beside the block price is the engine's, live: it moves while the list is open.
  const seen = await marketPrice.innerText();
  await expect.poll(() => marketPrice.innerText(), { timeout: 20_000 }).not.toBe(seen);
  await expect(marketPrice).toHaveText(/^₹[\d,]+\.\d\d$/);
  await shot(page, 'block-offers-live');

  // No transaction password yet: the dialog says so and leads to the settings, where it is set.
  await card.getByRole('button', { name: 'Buy' }).click();
  let dialog = page.getByRole('dialog', { name: 'Buy RELIANCE' });
  await expect(dialog.getByTestId('set-password')).toContainText('You have not set a transaction password yet');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await dialog.getByRole('link', { name: 'Set transaction password' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.getByTestId('transaction-password-row').click();
  const set = page.getByRole('dialog', { name: 'Set transaction password' });
  await set.getByLabel('Transaction password (6 digits)').fill('246810');
  await set.getByLabel('Confirm transaction password').fill('246810');
  await set.getByTestId('trade-password-save').click();
  await expect(page.getByText('Transaction password set successfully')).toBeVisible();

  // Spec §5: the default quantity is floor(balance / (price + 0.03% of price)), the price in the deployment's currency.
  const [offer] = await offers(request, page, 'bulk', 'RELIANCE');
  expect(offer).toBeDefined();
  expect(offer!.fx_rate).toBe(1); // an IN offer in an INR deployment
  const balance = (await apiGet<{ balance: number }>(request, page, '/api/stock/success/v2/balance')).balance;
  expect(balance).toBe(50_000_000);
  const unit = offer!.price * offer!.fx_rate! * 100;
  const most = Math.floor(balance / (unit + (unit * 3) / 10_000));
  const amount = Math.round(most * unit);
  const margin = Math.ceil((amount * 3) / 10_000);
  expect(amount + margin).toBeLessThanOrEqual(balance);

  await open(page, '/block-trading');
  await card.getByRole('button', { name: 'Buy' }).click();
  dialog = page.getByRole('dialog', { name: 'Buy RELIANCE' });
  await expect(dialog).toContainText(`Block price ${rupees(offer!.price)}`);
  await expect(dialog.getByLabel('Quantity (shares)')).toHaveValue(String(most));
  await expect(dialog.getByTestId('block-total')).toHaveText(inr(amount + margin));
  await expect(dialog).toContainText('Includes the 0.03% block trade margin');
  // One more than the most: the total passes the balance (the API refuses it); the max button comes back to it.
  await dialog.getByRole('button', { name: 'One share more' }).click();
  await expect(dialog.getByLabel('Quantity (shares)')).toHaveValue(String(most + 1));
  await dialog.getByRole('button', { name: 'Max' }).click();
  await expect(dialog.getByLabel('Quantity (shares)')).toHaveValue(String(most));

  await dialog.getByLabel('Transaction code').fill('135790');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByTestId('buy-failed')).toHaveText('Incorrect authorization key');
  await shot(page, 'block-wrong-code', false);
  expect((await orders(request, page, { mold: 'bulk' })).count).toBe(0);

  await dialog.getByLabel('Transaction code').fill('246810');
  await shot(page, 'block-buy', false);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toastOf(page, 'Purchase successful')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The books: at the block price, the margin as its fee, the money gone.
  const { rows } = await orders(request, page, { mold: 'bulk' });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ tag: 'RELIANCE.NS', count: most, status: 1, state: 'buy', price: offer!.price, price_all: amount, fee: margin, cost: amount + margin });
  expect((await wallet(request, page)).money).toBe(balance - amount - margin);

  await open(page, '/block-trading/orders');
  await page.getByRole('tab', { name: 'Success' }).click();
  await expect(page).toHaveURL(/\/block-trading\/orders\?tab=success$/);
  const order = page.getByTestId('block-order');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText('Success');
  await expect(order).toContainText(`Qty ${most.toLocaleString('en-US')} · Price ${rupees(offer!.price)}`);
  await expect(order).toContainText(inr(amount));
  await shot(page, 'block-orders-success');
  await page.getByRole('tab', { name: 'Failed' }).click();
  await expect(page.getByTestId('orders-empty')).toHaveText(/No orders yet/);

  await open(page, '/trade');
  const holding = page.getByTestId('holding');
  await expect(holding).toHaveCount(1);
  await expect(holding).toHaveAttribute('data-tag', 'RELIANCE.NS');
  await expect(holding.getByTestId('holding-count')).toHaveText(String(most));
  await expect(holding.getByTestId('holding-avg')).toContainText(inr(amount + margin));
  await expect(holding.getByTestId('holding-pnl')).toHaveText(/^-?₹[\d,]+\.\d\d$/);
  await shot(page, 'block-position');
  // A few seconds of live prices later, the position is still valued in the same format.
  const value = await holding.getByTestId('holding-value').innerText();
  await expect.poll(() => holding.getByTestId('holding-value').innerText(), { timeout: 20_000 }).not.toBe(value);
  await expect(holding.getByTestId('holding-value')).toHaveText(/^₹[\d,]+\.\d\d$/);
  await shot(page, 'block-position-live');

  const bills = await expectBills(page, ['transactionExpenses', 'buyStock', 'recharge']);
  await expect(bills.nth(0).getByTestId('bill-amount')).toHaveText(inr(-margin));
  await expect(bills.nth(1).getByTestId('bill-amount')).toHaveText(inr(-amount));
});

/** A daily window of half an hour that is not open now in India (the offer's market): 3 hours from now. */
function closedWindowIst(now = new Date()): string {
  const hour = (Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: '2-digit', hourCycle: 'h23' }).format(now)) + 3) % 24;
  const hh = String(hour).padStart(2, '0');
  return `${hh}:00-${hh}:30`;
}

test('a QIP outside its window: a qualified user is refused with No available time and nothing is booked', async ({ page, request, baseURL }) => {
  await fund(request, page, 500_000);
  const set = await request.post('/api/stock/success/user/password/up', { headers: await authOf(page), data: { type: 'transaction', fund_code_new: '246810', is_first: true } });
  expect(set.status(), await set.text()).toBe(200);
  const me = await wallet(request, page);

  // An operator offers HDFC Bank as a QIP, open half an hour a day, not now; a price of its own names it on the screen.
  const price = 900 + Math.floor(Math.random() * 9000) / 100;
  const window = closedWindowIst();
  const created = await opsCli(baseURL!, 'offers', 'create', '--code', 'HDFCBANK.NS', '--mold', 'finalize', '--price', String(price), '--min', '100', '--window', window);
  expect(created).toMatch(/^offer \d+ created: .*finalize\s+HDFCBANK\.NS \(IN\).*qualified only/);

  await open(page, '/qip');
  const card = page.getByTestId('offer').filter({ hasText: rupees(price) });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('block-price')).toHaveText(rupees(price));
  // The hours and the next opening, both in India's time, named.
  await expect(card.getByTestId('hours')).toHaveText(`${window.replace('-', '–')} GMT+5:30`);
  await expect(card).toContainText(new RegExp(`Closed now; opens \\d\\d/\\d\\d/\\d{4}, ${window.slice(0, 5)} GMT\\+5:30`));
  // Not qualified yet: the note, and no buying.
  await expect(card.getByTestId('qualified-note')).toContainText('For qualified investors only');
  await expect(card.getByRole('button', { name: 'Buy' })).toBeDisabled();
  await shot(page, 'qip-not-qualified');

  expect(await opsCli(baseURL!, 'offers', 'qualify', String(me.id))).toContain(`user ${me.id} (${me.user}) is a qualified investor`);
  await page.reload();
  await expect(card.getByTestId('qualified-note')).toHaveCount(0);
  await card.getByRole('button', { name: 'Buy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy HDFCBANK' });
  await expect(dialog.getByLabel('Quantity (shares)')).not.toHaveValue('');
  await dialog.getByLabel('Transaction code').fill('246810');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByTestId('buy-failed')).toHaveText('No available time');
  await shot(page, 'qip-no-available-time', false);

  // Nothing booked: no order, no money moved, an empty orders screen.
  expect((await orders(request, page, { mold: 'finalize' })).count).toBe(0);
  expect((await wallet(request, page)).money).toBe(me.money);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await open(page, '/qip/orders');
  await expect(page.getByTestId('orders-empty')).toContainText('No orders yet');
});

/** An IN stock with no live issue, so the test can create one (one live issue per symbol). */
async function freeIpoSymbol(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/ops/ipos?limit=100', { headers: { Authorization: `Bearer ${await operatorToken(request)}` } });
  expect(res.status(), await res.text()).toBe(200);
  const rows = ((await res.json()) as { data: { rows: { symbol: string; status: string }[] } }).data.rows;
  const live = new Set(rows.filter((r) => r.status !== 'Allotted' && r.status !== 'Cancelled').map((r) => r.symbol));
  const free = ['WIPRO.NS', 'ITC.NS', 'NTPC.NS', 'POWERGRID.NS', 'ONGC.NS', 'TATASTEEL.NS', 'COALINDIA.NS'].find((s) => !live.has(s));
  expect(free, 'a stock without a live issue').toBeDefined();
  return free!;
}

test('an IPO: the application holds its amount, the CLI allots one lot and releases the rest, the position at the issue price, its sale in the Sales Record', async ({ page, request, baseURL }) => {
  await fund(request, page, 100_000);
  const symbol = await freeIpoSymbol(request);
  const code = symbol.replace(/\.NS$/, '');
  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const created = await opsCli(baseURL!, 'ipo', 'create', '--symbol', symbol, '--price', '120.50', '--min', '100', '--max', '1000', '--start', today, '--end', end, '--status', 'Forthcoming');
  const id = /^ipo (\d+) created/.exec(created)?.[1];
  expect(id, created).toBeDefined();

  await open(page, '/ipo');
  const card = page.getByTestId('ipo').filter({ hasText: code }).filter({ has: page.getByRole('button', { name: 'Apply', disabled: false }) });
  await expect(card).toHaveCount(1);
  const company = await card.getByRole('heading').innerText();
  await expect(card).toContainText('Forthcoming');
  await expect(card).toContainText(rupees(120.5));
  await card.getByRole('button', { name: 'Apply' }).click();
  const dialog = page.getByRole('dialog', { name: `Apply for ${code}` });
  // The most, 1,000 shares, costs more than the balance: the refusal's toast leaves the dialog's buttons uncovered.
  await dialog.getByRole('button', { name: 'Max 1,000' }).click();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Insufficient funds' });
  await expect(refused).toBeVisible();
  const toastBox = (await refused.boundingBox())!;
  const sheetBox = (await dialog.boundingBox())!;
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(sheetBox.y);
  await shot(page, 'ipo-refused', false);
  await dialog.getByRole('button', { name: 'Min 100' }).click();
  await dialog.getByRole('button', { name: '100 more shares' }).click();
  await dialog.getByRole('button', { name: '100 more shares' }).click();
  await expect(dialog.getByLabel('Quantity (shares)')).toHaveValue('300');
  await expect(dialog.getByTestId('ipo-total')).toHaveText(inr(3_615_000));
  await expect(dialog.getByTestId('hold-note')).toHaveText(/held from your balance, not debited.*the rest is released/);
  await shot(page, 'ipo-apply', false);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(toastOf(page, 'Application submitted: the amount is held until allotment')).toBeVisible();
  const mine = page.getByTestId('ipo').filter({ hasText: company }).getByTestId('ipo-mine');
  await expect(mine).toHaveText(`You applied for 300 shares: ${inr(3_615_000)} held until allotment`);

  // Held, not debited: the total assets stay, the available balance is less by the amount.
  await open(page, '/account');
  await expect(page.getByTestId('total-assets')).toHaveText(inr(10_000_000));
  await expect(page.getByTestId('available-balance')).toHaveText(inr(10_000_000 - 3_615_000));
  await shot(page, 'ipo-held-account');
  await open(page, '/ipo/orders');
  const application = page.getByTestId('ipo-order').first();
  await expect(application.getByTestId('status')).toHaveText('Pending');
  await expect(application.getByTestId('ipo-held')).toHaveText(`${inr(3_615_000)} held until allotment`);

  // Retail gets 100 shares, fewer than the 300 applied for: a draw of one minimum lot, which the only applicant wins.
  const allotted = await opsCli(baseURL!, 'ipo', 'allot', id!, '--shares', '100');
  expect(allotted).toContain(`ipo ${id} allotted: 100 of 100 shares to 1 of 1 applications`);
  expect(allotted).toContain('12050.00 captured, 24100.00 released');
  await page.reload();
  await expect(application.getByTestId('status')).toHaveText('Success');
  await expect(application).toContainText('Qty 100');
  await expect(application.getByTestId('ipo-total')).toHaveText(inr(1_205_000));
  await expect(application.getByTestId('ipo-released')).toHaveText(`${inr(2_410_000)} released to your balance`);
  await shot(page, 'ipo-allotted');
  expect((await wallet(request, page)).money).toBe(10_000_000 - 1_205_000);

  // The allotted shares: a stock position at the issue price.
  await open(page, '/trade');
  const holding = page.getByTestId('holding');
  await expect(holding).toHaveCount(1);
  await expect(holding).toHaveAttribute('data-tag', symbol);
  await expect(holding.getByTestId('holding-count')).toHaveText('100');
  await expect(holding.getByTestId('holding-avg')).toContainText(rupees(120.5));
  await expect(holding.getByTestId('holding-value')).toHaveText(/^₹[\d,]+\.\d\d$/);
  await shot(page, 'ipo-position');
  // Priced by the engine from listing on: the value moves, the cost stays at the issue price.
  const value = await holding.getByTestId('holding-value').innerText();
  await expect.poll(() => holding.getByTestId('holding-value').innerText(), { timeout: 20_000 }).not.toBe(value);
  await expect(holding.getByTestId('holding-avg')).toContainText(rupees(120.5));
  await shot(page, 'ipo-position-live');

  // Sold through the ticket, at the engine's price.
  const [lot] = (await orders(request, page)).rows;
  expect(lot).toMatchObject({ tag: symbol, count: 100, price: 120.5, price_all: 1_205_000, fee: 0 });
  await open(page, `/stock/trading/${symbol}/IN/${encodeURIComponent(company)}?type=sell`);
  await expect(page.getByTestId('live-price')).toHaveText(/^₹[\d,]+\.\d\d$/);
  await page.getByRole('button', { name: `Sell lot ${lot!.no}` }).click();
  await page.getByRole('dialog', { name: 'Sell this lot?' }).getByRole('button', { name: 'Sell' }).click();
  await expect(toastOf(page, 'Sold successfully')).toBeVisible();
  const [sold] = (await orders(request, page)).rows;
  expect(sold).toMatchObject({ no: lot!.no, state: 'sell', status: 1 });

  await open(page, '/ipo/orders');
  await page.getByRole('tab', { name: 'Sales Record' }).click();
  const sale = page.getByTestId('ipo-order');
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText(code);
  await expect(sale).toContainText('Sell');
  await expect(sale.getByTestId('status')).toHaveText('Success');
  await expect(sale).toContainText(`Price ${rupees(120.5)}`);
  await expect(sale).toContainText(/Sold at ₹[\d,]+\.\d\d/);
  await expect(sale.getByTestId('ipo-total')).toHaveText(inr(sold!.sell_amount!));
  await expect(sale.getByTestId('ipo-pnl')).toHaveText(`P&L ${sold!.realized_pnl! > 0 ? '+' : ''}${inr(sold!.realized_pnl!)}`);
  await shot(page, 'ipo-sales-record');
  await expect(sale).toHaveAttribute('href', `/stock/v2/${encodeURIComponent(symbol)}/${encodeURIComponent(symbol)}`);
});

test('a forex pair from its detail to the ticket at 4 decimals, bought and sold, its position under forex', async ({ page, request }) => {
  await fund(request, page, 200_000);
  await open(page, '/forex');
  await page.getByTestId('stock-row').filter({ hasText: 'USDINR' }).click();
  await expect(page).toHaveURL(/\/stock\/v2\/USDINR\//);
  await expect(page.getByTestId('detail-price')).toHaveText(/^₹?[\d,]+\.\d{4}$/);
  await page.getByTestId('buy').click();
  await expect(page).toHaveURL(/\/stock\/trading\/USDINR\/FOREX\/.+\?type=buy$/);

  const price = page.getByTestId('live-price');
  await expect(price).toHaveText(/^₹\d+\.\d{4}$/);
  await expect(page.getByTestId('available')).toHaveText(inr(20_000_000));
  await page.getByRole('textbox', { name: 'Quantity' }).fill('100');
  await expect(page.getByTestId('preview-price')).toHaveText(/^₹\d+\.\d{4}$/);
  await expect(page.getByTestId('preview-total')).toHaveText(/^₹[\d,]+\.\d\d$/);
  await shot(page, 'forex-ticket');
  // Live: the price moves, still to 4 decimals.
  const first = await price.innerText();
  await expect.poll(() => price.innerText(), { timeout: 20_000 }).not.toBe(first);
  await expect(price).toHaveText(/^₹\d+\.\d{4}$/);
  await shot(page, 'forex-ticket-live');
  await page.getByTestId('submit-buy').click();
  await expect(toastOf(page, 'Purchase successful')).toBeVisible();

  const [lot] = (await orders(request, page)).rows;
  expect(lot).toMatchObject({ tag: 'USDINR', count: 100, state: 'buy', status: 1 });
  expect(String(lot!.price)).toMatch(/^\d+(\.\d{1,4})?$/);
  await expect(page.getByTestId('ticket-lot')).toContainText(`100 at ${rupees(lot!.price, 4)}`);

  await open(page, '/trade-no-nav/forex/1');
  await expect(page.getByRole('tab', { name: 'Forex', selected: true })).toBeVisible();
  const holding = page.getByTestId('holding');
  await expect(holding).toHaveCount(1);
  await expect(holding).toHaveAttribute('data-tag', 'USDINR');
  await expect(holding.getByTestId('holding-count')).toHaveText('100');
  await expect(holding.getByTestId('holding-avg')).toContainText(/₹\d+\.\d{4}/);
  await expect(holding.getByTestId('holding-avg')).toContainText(inr(lot!.cost));
  await shot(page, 'forex-position');
  // Live: the value follows the pair's price; the cost stays at 4 decimals.
  const value = await holding.getByTestId('holding-value').innerText();
  await expect.poll(() => holding.getByTestId('holding-value').innerText(), { timeout: 20_000 }).not.toBe(value);
  await expect(holding.getByTestId('holding-avg')).toContainText(/₹\d+\.\d{4}/);
  await shot(page, 'forex-position-live');

  await open(page, `/stock/trading/USDINR/FOREX/USDINR?type=sell`);
  await expect(price).toHaveText(/^₹\d+\.\d{4}$/);
  await page.getByRole('button', { name: `Sell lot ${lot!.no}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Sell this lot?' });
  await expect(confirm).toContainText(/₹\d+\.\d{4}/);
  await shot(page, 'forex-sell-confirm', false);
  await confirm.getByRole('button', { name: 'Sell' }).click();
  await expect(toastOf(page, 'Sold successfully')).toBeVisible();
  const [sold] = (await orders(request, page)).rows;
  expect(sold).toMatchObject({ no: lot!.no, state: 'sell', status: 1 });

  await open(page, '/trade-no-nav/forex/1');
  await expect(page.getByTestId('positions-empty')).toBeVisible();
  const bills = await expectBills(page, ['transactionExpenses', 'sellForex', 'transactionExpenses', 'buyForex', 'recharge']);
  await expect(bills.nth(1).getByTestId('bill-amount')).toHaveText(`+${inr(sold!.sell_amount!)}`);
  await expect(bills.nth(3).getByTestId('bill-amount')).toHaveText(inr(-lot!.price_all));
  await shot(page, 'forex-bills');
});

test('a fund: the purchase confirmed with its name, amount, expected return and cycle, the active order, no settlement before term, the principal back when the operator cancels', async ({
  page,
  request,
  baseURL,
}) => {
  await fund(request, page, 100_000);
  // An operator's project of its own: 2–5 % for 45 days (1 month on the screen), ₹25,000.00 a purchase.
  const name = `Flow Fund ${Date.now().toString(36).toUpperCase()}`;
  const created = await opsCli(baseURL!, 'funds', 'create', '--name', name, '--min', '2', '--max', '5', '--days', '45', '--amount', '2500000', '--issue', '250000000');
  const id = /^fund (\d+) created/.exec(created)?.[1];
  expect(id, created).toBeDefined();

  await open(page, '/fund-investment');
  const card = page.getByTestId('fund').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toContainText('₹25,000.00');
  await expect(card.getByTestId('fund-cycle')).toHaveText('1 month');
  await expect(card.getByTestId('fund-progress')).toHaveCount(0);
  await card.getByRole('button', { name: 'Buy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
  await expect(dialog).toContainText(`Name${name}`);
  await expect(dialog).toContainText('Amount₹25,000.00');
  await expect(dialog).toContainText('Expected return3.50%');
  await expect(dialog).toContainText('Return range2.00% – 5.00%');
  await expect(dialog.getByTestId('fund-cycle')).toHaveText('1 month');
  await expect(dialog).toContainText('not guaranteed');
  await shot(page, 'fund-confirm', false);
  await dialog.getByRole('button', { name: 'Buy now' }).click();
  await expect(toastOf(page, 'Investment successful')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Sold now: the bar shows what of the issue is gone.
  await expect(card.getByTestId('fund-progress')).toContainText('₹25,000.00 of ₹2,500,000.00 sold');
  await shot(page, 'fund-sold');

  // The principal left the available balance and counts in the total assets.
  await open(page, '/account');
  await expect(page.getByTestId('total-assets')).toHaveText(inr(10_000_000));
  await expect(page.getByTestId('available-balance')).toHaveText(inr(7_500_000));

  await open(page, '/fund-investment/orders');
  await page.getByRole('tab', { name: 'Active' }).click();
  const order = page.getByTestId('fund-order').filter({ has: page.getByRole('heading', { name }) });
  await expect(order.getByTestId('status')).toHaveText('Active');
  await expect(order).toContainText('Amount₹25,000.00');
  await expect(order).toContainText('Expected return3.50%');
  await shot(page, 'fund-order-active');

  // Settlement is at term: an operator who tries it now is refused, and nothing is paid.
  await expect(opsCli(baseURL!, 'funds', 'settle', id!, '--rate', '4')).rejects.toThrow(/fundNotDue/);
  expect((await wallet(request, page)).money).toBe(7_500_000);

  // Cancelled by the operator before term: the order says so and the principal comes back, without profit.
  expect(await opsCli(baseURL!, 'funds', 'cancel', id!, '--reason', 'e2e')).toContain(`fund ${id} cancelled`);
  await page.getByRole('tab', { name: 'Cancelled' }).click();
  await expect(order.getByTestId('status')).toHaveText('Cancelled');
  await expect(order.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Active' }).click();
  await expect(page.getByTestId('orders-empty')).toBeVisible();
  const bills = await expectBills(page, ['principal_returned', 'fund_purchase', 'recharge']);
  await expect(bills.nth(0).getByTestId('bill-amount')).toHaveText(`+${inr(2_500_000)}`);
  await expect(page.getByTestId('bills-balance')).toHaveText(inr(10_000_000));
  await shot(page, 'fund-bills');
});
