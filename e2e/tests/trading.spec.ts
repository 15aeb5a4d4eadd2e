import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiGet, authOf, fund, inr, loginByUi, open, registerByApi } from './helpers';

// Trading against the real API and market engine (markets always open in this server): a market buy with the half
// button and its sale with the lot, bills and realized P&L they leave; a limit order resting on held money and
// cancelled from the records; one order per double tap.

const TICKET = '/stock/trading/RELIANCE.NS/IN/Reliance%20Industries%20Ltd';

interface ApiOrder {
  no: string;
  count: number;
  status: number;
  state: 'buy' | 'sell';
  price_all: number;
  fee: number;
  cost: number;
  held: number;
  sell_amount: number | null;
  sell_fee: number | null;
  realized_pnl: number | null;
}


/** The user's orders, newest first, as the API lists them. */
async function orders(request: APIRequestContext, page: Page): Promise<{ rows: ApiOrder[]; count: number }> {
  const res = await request.post('/api/stock/success/deal/list', { headers: await authOf(page), data: { page: 1, limit: 100 } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { rows: ApiOrder[]; count: number } }).data;
}

const available = async (request: APIRequestContext, page: Page) => (await apiGet<{ money: number }>(request, page, '/api/stock/success/v2/user/info')).money;

/** Opens the ticket and waits for its price, its lots and (on the buy side) the balance. */
async function openTicket(page: Page, side: 'buy' | 'sell' = 'buy') {
  await open(page, `${TICKET}?type=${side}`);
  await expect(page.getByTestId('live-price')).toHaveText(/^₹[\d,]+\.\d\d$/);
  await expect(page.getByTestId('ticket-lot').or(page.getByText('You hold no lots of this instrument')).first()).toBeVisible();
  if (side === 'buy') await expect(page.getByTestId('available')).toHaveText(/^₹[\d,]+\.\d\d$/);
}

test.beforeEach(async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
});

test('a funded user buys half a position, sees the lot and its bills, sells it and sees the realized P&L', async ({ page, request }) => {
  await fund(request, page, 500_000);
  await open(page, '/trade');
  await expect(page.getByTestId('positions-empty')).toHaveText('No stock positions yet');

  await openTicket(page);
  await expect(page.getByTestId('available')).toHaveText('₹500,000.00');
  await expect(page.getByText('You hold no lots of this instrument')).toBeVisible();
  await page.getByRole('button', { name: 'Half position' }).click();
  await expect(page.getByRole('textbox', { name: 'Quantity' })).toHaveValue('50');
  await expect(page.getByTestId('preview-total')).toHaveText(/^₹[\d,]+\.\d\d$/);
  await page.screenshot({ path: test.info().outputPath('ticket.png'), fullPage: true });
  await page.getByTestId('submit-buy').click();
  await expect(page.getByRole('status').filter({ hasText: 'Purchase successful' })).toBeVisible();

  // The lot, as the API booked it: filled at the engine's price, its fee apart, its money gone from the wallet.
  const [lot] = (await orders(request, page)).rows;
  expect(lot).toMatchObject({ count: 50, status: 1, state: 'buy', held: 0 });
  expect(lot!.cost).toBe(lot!.price_all + lot!.fee);
  expect(lot!.fee).toBeGreaterThan(0);
  await expect(page.getByTestId('ticket-lot')).toHaveCount(1);
  await expect(page.getByTestId('ticket-lot')).toContainText(`No. ${lot!.no}`);
  await expect(page.getByTestId('available')).toHaveText(inr(50_000_000 - lot!.cost));

  await open(page, '/trade');
  const holding = page.getByTestId('holding');
  await expect(holding).toHaveCount(1);
  await expect(holding).toHaveAttribute('data-tag', 'RELIANCE.NS');
  await expect(holding.getByTestId('holding-count')).toHaveText('50');
  await expect(holding.getByTestId('holding-avg')).toContainText(inr(lot!.cost));
  await expect(page.getByTestId('sum-invested')).toHaveText(inr(lot!.cost));
  await expect(holding.getByTestId('holding-pnl')).toHaveText(/^-?₹[\d,]+\.\d\d$/);
  // Bought this session: the day's P&L counts from the fill, so it equals the total P&L before fees.
  await expect(page.getByTestId('sum-day-pnl')).toHaveText(/^-?₹[\d,]+\.\d\d$/);
  // The holding's day candles, drawn once the chart's chunk and the rows have loaded.
  const chart = page.getByTestId('holding-chart');
  await expect(chart.getByRole('heading')).toHaveText(/^Day K · Reliance/);
  await expect(chart.getByRole('img')).toHaveAccessibleName(/^Day K chart, \d+ points .+: last [\d,]+\.\d\d/);
  await expect(chart.locator('canvas').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('positions.png'), fullPage: true });

  await open(page, '/account/changes');
  const bills = page.getByTestId('bill-row');
  await expect(bills).toHaveCount(3);
  await expect(bills.nth(0)).toHaveAttribute('data-reason', 'transactionExpenses');
  await expect(bills.nth(0).getByTestId('bill-amount')).toHaveText(inr(-lot!.fee));
  await expect(bills.nth(1)).toHaveAttribute('data-reason', 'buyStock');
  await expect(bills.nth(1).getByTestId('bill-amount')).toHaveText(inr(-lot!.price_all));
  await expect(bills.nth(2)).toHaveAttribute('data-reason', 'recharge');

  // The sale: from the ticket's sell side, the lot by its number, after a confirm.
  await openTicket(page, 'sell');
  await page.getByRole('button', { name: `Sell lot ${lot!.no}` }).click();
  await page.getByRole('dialog', { name: 'Sell this lot?' }).getByRole('button', { name: 'Sell' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sold successfully' })).toBeVisible();
  await expect(page.getByText('You hold no lots of this instrument')).toBeVisible();

  const [sold] = (await orders(request, page)).rows;
  expect(sold).toMatchObject({ no: lot!.no, state: 'sell', status: 1 });
  expect(sold!.realized_pnl).toBe(sold!.sell_amount! - sold!.sell_fee! - lot!.cost);
  expect(await available(request, page)).toBe(50_000_000 - lot!.cost + sold!.sell_amount! - sold!.sell_fee!);

  await open(page, '/trade');
  await expect(page.getByTestId('positions-empty')).toBeVisible();
  await expect(page.getByTestId('sum-invested')).toHaveText('₹0.00');

  await open(page, '/records');
  // The sale is an entry of its own, above the lot's buy.
  await expect(page.getByTestId('order-row')).toHaveCount(2);
  const row = page.locator('[data-testid="order-row"][data-side="sell"]');
  await expect(row).toContainText('Sell');
  await expect(page.getByTestId('order-row').first()).toHaveAttribute('data-side', 'sell');
  await expect(page.locator('[data-testid="order-row"][data-side="buy"]')).toContainText('Buy');
  await expect(row.getByTestId('status')).toHaveText('Success');
  await expect(row.getByTestId('order-realized')).toHaveText(inr(sold!.realized_pnl!));
  await page.screenshot({ path: test.info().outputPath('records.png'), fullPage: true });
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/records/${lot!.no}$`));
  await expect(page.getByTestId('detail-realized')).toHaveText(inr(sold!.realized_pnl!));
  await expect(page.getByTestId('detail-sellAmount')).toHaveText(inr(sold!.sell_amount!));
  await expect(page.getByTestId('detail-sellFee')).toHaveText(inr(sold!.sell_fee!));

  await open(page, '/account/changes');
  await expect(bills).toHaveCount(5);
  await expect(bills.nth(0)).toHaveAttribute('data-reason', 'transactionExpenses');
  await expect(bills.nth(0).getByTestId('bill-amount')).toHaveText(inr(-sold!.sell_fee!));
  await expect(bills.nth(1)).toHaveAttribute('data-reason', 'sellStock');
  await expect(bills.nth(1).getByTestId('bill-amount')).toHaveText(`+${inr(sold!.sell_amount!)}`);
  await expect(page.getByTestId('bills-balance')).toHaveText(inr(50_000_000 - lot!.cost + sold!.sell_amount! - sold!.sell_fee!));
  await page.screenshot({ path: test.info().outputPath('bills.png'), fullPage: true });
});

test('a limit order far below the price rests as Pending on held money, and a cancel from the records gives it back', async ({ page, request }) => {
  await fund(request, page, 5000);
  await openTicket(page);
  await expect(page.getByTestId('available')).toHaveText('₹5,000.00');
  await page.getByRole('button', { name: 'Limit' }).click();
  await page.getByTestId('limit-price').fill('100');
  await page.getByRole('textbox', { name: 'Quantity' }).fill('10');
  // 10 × ₹100.00 and the minimum fee.
  await expect(page.getByTestId('preview-total')).toHaveText('₹1,001.00');
  await page.getByTestId('submit-buy').click();
  await expect(page.getByRole('status').filter({ hasText: 'Request submitted' })).toBeVisible();
  await expect(page.getByTestId('available')).toHaveText('₹3,999.00');
  await expect(page.getByTestId('ticket-lot')).toHaveCount(0);

  const [pending] = (await orders(request, page)).rows;
  expect(pending).toMatchObject({ status: 0, held: 100_100, count: 10 });

  await open(page, '/records?tab=pending');
  const row = page.getByTestId('order-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('status')).toHaveText('Pending');
  await expect(row.getByTestId('order-total')).toHaveText('₹1,001.00');
  await row.getByRole('button', { name: `Cancel order ${pending!.no}` }).click();
  await page.getByRole('dialog', { name: 'Cancel this order?' }).getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order cancelled' })).toBeVisible();
  await expect(page.getByTestId('records-empty')).toHaveText('No pending orders');

  await page.getByRole('tab', { name: 'Cancelled' }).click();
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('status')).toHaveText('Cancelled');
  expect((await orders(request, page)).rows[0]).toMatchObject({ no: pending!.no, status: 2, held: 0 });

  // The held money is back: on the account and on the ticket; a hold and its release are no bills.
  await open(page, '/account');
  await expect(page.getByTestId('available-balance')).toHaveText('₹5,000.00');
  await openTicket(page);
  await expect(page.getByTestId('available')).toHaveText('₹5,000.00');
  await open(page, '/account/changes');
  await expect(page.getByTestId('bill-row')).toHaveCount(1);
  await expect(page.getByTestId('bills-balance')).toHaveText('₹5,000.00');
});

test('a double-click on Buy books one order', async ({ page, request }) => {
  await fund(request, page, 50_000);
  await openTicket(page);
  const buys: Request[] = [];
  page.on('request', (r) => void (r.url().endsWith('/deal/buy') && buys.push(r)));
  await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await page.getByTestId('submit-buy').dblclick();
  await expect(page.getByRole('status').filter({ hasText: 'Purchase successful' })).toBeVisible();
  await expect(page.getByTestId('ticket-lot')).toHaveCount(1);
  // A second click's request would have gone out before the first one's answer: every buy sent has been answered
  // (so the server has booked whatever it was going to) before its orders are counted.
  expect(buys.length).toBeGreaterThanOrEqual(1);
  await Promise.all(buys.map((r) => r.response()));
  const { rows, count } = await orders(request, page);
  expect(count).toBe(1);
  expect(await available(request, page)).toBe(5_000_000 - rows[0]!.cost);

  await open(page, '/account/changes');
  await expect(page.getByTestId('bill-row')).toHaveCount(3);
  await expect(page.locator('[data-testid="bill-row"][data-reason="buyStock"]')).toHaveCount(1);
  await open(page, '/trade');
  await expect(page.getByTestId('holding').getByTestId('holding-count')).toHaveText('2');
});

test('a price that moved past the collar is shown as the engine quotes it, and the confirm buys at it', async ({ page, request }) => {
  await fund(request, page, 50_000);
  await openTicket(page);
  // The user saw a price 10% under the engine's (as if the quote on screen were old): the API refuses with its own.
  let stale = true;
  await page.route('**/api/stock/success/deal/buy', async (route) => {
    if (!stale) return route.continue();
    stale = false;
    const body = route.request().postDataJSON() as { price: number };
    return route.continue({ postData: JSON.stringify({ ...body, price: Math.round(body.price * 90) / 100 }) });
  });
  const refused = page.waitForResponse((r) => r.url().endsWith('/deal/buy') && r.status() === 409);
  await page.getByTestId('submit-buy').click();
  const rejection = (await (await refused).json()) as { data: string; price: number; seen: number };
  expect(rejection.data).toBe('priceMoved');
  const now = `₹${rejection.price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  const dialog = page.getByRole('dialog', { name: 'The price has changed' });
  await expect(dialog).toContainText(`The price is now ${now}. Do you want to continue at this price?`);
  await dialog.getByRole('button', { name: 'Continue at the new price' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Purchase successful' })).toBeVisible();
  await expect(page.getByTestId('ticket-lot')).toHaveCount(1);
  expect((await orders(request, page)).count).toBe(1);
});
