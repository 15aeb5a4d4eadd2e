import { expect, test } from './fixtures';
import { loginByUi, open, registerByApi } from './helpers';

// German groups thousands with dots and marks decimals with a comma: 27.968,76, never 27,968.76.
const GERMAN_PRICE = /^₹\d{1,3}(\.\d{3})*,\d{2}$/;
const GERMAN_NUMBER = /^-?\d{1,3}(\.\d{3})*,\d{2}$/;

test('German screens write numbers the German way: lists, the stock detail and its chart', async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
  await page.evaluate(() => localStorage.setItem('locale', 'de'));

  await page.goto('/markets');
  const price = page.getByTestId('stock-row').first().getByText(/^₹/);
  await expect(price).toHaveText(GERMAN_PRICE);

  await open(page, '/stock/v2/RELIANCE.NS/Reliance%20Industries%20Ltd');
  await expect(page.getByTestId('detail-price')).toHaveText(GERMAN_PRICE);
  await expect(page.getByTestId('stat-open')).toHaveText(GERMAN_NUMBER);
  // The chart is a canvas: its axis and its accessible name use one formatter, so the name's prices tell.
  const chart = page.getByTestId('chart-1m').getByRole('img');
  await expect(chart).toHaveAttribute('aria-label', /zuletzt/);
  const name = (await chart.getAttribute('aria-label'))!;
  const m = /zuletzt (\S+), Hoch (\S+), Tief (\S+)$/.exec(name);
  expect(m, name).not.toBeNull();
  for (const price of m!.slice(1)) expect(price).toMatch(GERMAN_NUMBER);
});
