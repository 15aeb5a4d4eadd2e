import { expect, test } from './fixtures';
import { loginByUi, open, registerByApi } from './helpers';

// German groups thousands with dots and marks decimals with a comma: 27.968,76, never 27,968.76.
const GERMAN_PRICE = /^₹\d{1,3}(\.\d{3})*,\d{2}$/;
const GERMAN_NUMBER = /^-?\d{1,3}(\.\d{3})*,\d{2}$/;
// Volumes, short: 10.000, 1,2 Mio.
const GERMAN_COMPACT = /^\d{1,3}(\.\d{3})*(,\d)?(\sMio\.|\sMrd\.)?$/;

test('German screens write numbers the German way: lists, the stock detail and its chart axis', async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
  await page.evaluate(() => localStorage.setItem('locale', 'de'));

  await page.goto('/markets');
  const price = page.getByTestId('stock-row').first().getByText(/^₹/);
  await expect(price).toHaveText(GERMAN_PRICE);

  await open(page, '/stock/v2/RELIANCE.NS/Reliance%20Industries%20Ltd');
  await expect(page.getByTestId('detail-price')).toHaveText(GERMAN_PRICE);
  await expect(page.getByTestId('stat-open')).toHaveText(GERMAN_NUMBER);
  const axis = page.getByTestId('chart-1m').locator('.apexcharts-yaxis-label');
  await expect(axis.first()).toBeVisible();
  const labels = (await axis.allTextContents()).map((l) => l.trim());
  // The price axis comes first, then the volume pane's.
  expect(labels.filter((l) => GERMAN_NUMBER.test(l)).length).toBeGreaterThan(2);
  for (const label of labels) expect(label).toMatch(new RegExp(`${GERMAN_NUMBER.source}|${GERMAN_COMPACT.source}`));
});
