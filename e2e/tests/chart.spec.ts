import { expect, test, type Page } from '@playwright/test';
import { loginByUi, registerByApi } from './helpers';

// The stock chart through live price updates (the server runs with MARKET_ALWAYS_OPEN=1, so prices move whatever
// the hour): every tab's last candle (or the line's last point) follows the price the header shows, and the chart
// never falls back to fewer points or an empty picture.

// The simulator moves a price every 5 s: five updates a tab, and one more after going back to Real time. The K
// tabs hold a long history; Real time holds today's session so far, which is one minute long at the session's start
// (midnight, market time, when the market is always open).
const TABS = [
  { name: 'Real time', interval: '1m', updates: 5, minPoints: 1 },
  { name: 'Day K', interval: '1d', updates: 5, minPoints: 11 },
  { name: 'Week K', interval: '1wk', updates: 5, minPoints: 11 },
  { name: 'Month K', interval: '1mo', updates: 5, minPoints: 11 },
  { name: 'Real time', interval: '1m', updates: 1, minPoints: 1 },
] as const;

interface ChartState {
  period: string;
  points: number;
  from: string;
  lastClose: number;
  high: number;
  low: number;
}

const number = (text: string) => Number(text.replace(/,/g, ''));

/**
 * What the chart shows now, read from its accessible name ("Day K chart, 100 points from … to …: last 2,812.40,
 * high …, low …"): a canvas has no text, and its name is what a screen reader says of it.
 */
async function chartState(page: Page, interval: string): Promise<ChartState | null> {
  const chart = page.getByTestId(`chart-${interval}`).getByRole('img');
  if (!(await chart.count())) return null;
  const name = (await chart.getAttribute('aria-label')) ?? '';
  const m = /^(.+) chart, (\d+) points from (.+) to .+: last ([\d,.]+), high ([\d,.]+), low ([\d,.]+)$/.exec(name);
  return m
    ? { period: m[1]!, points: Number(m[2]), from: m[3]!, lastClose: number(m[4]!), high: number(m[5]!), low: number(m[6]!) }
    : null;
}

const shownPrice = async (page: Page) => Number((await page.getByTestId('detail-price').textContent())!.replace(/[^\d.]/g, ''));

test('the stock chart stays right through live price updates on every tab', async ({ page, request }) => {
  // The simulator moves a price every 5 s but can land on the same cent for several steps: over a whole day of
  // RELIANCE.NS (MARKET_ALWAYS_OPEN, the default seed) the longest hold is 40 s, so each update gets 60 s.
  test.setTimeout(480_000);
  await loginByUi(page, await registerByApi(request));
  await page.goto('/stock/RELIANCE.NS/IN/Reliance');

  for (const [n, tab] of TABS.entries()) {
    await page.getByRole('tab', { name: tab.name }).click();
    await expect(page.getByTestId(`chart-${tab.interval}`).locator('canvas').first()).toBeVisible();
    await expect
      .poll(() => chartState(page, tab.interval).then((s) => s?.points ?? 0), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(tab.minPoints);
    let initial = (await chartState(page, tab.interval))!;
    expect(initial.period).toBe(tab.name);

    let price = await shownPrice(page);
    for (let i = 0; i < tab.updates; i++) {
      await expect.poll(() => shownPrice(page), { timeout: 60_000, message: `update ${i + 1} on ${tab.name}` }).not.toBe(price);
      price = await shownPrice(page);
      // The last candle (or the line's last point) follows the price the header shows.
      await expect.poll(() => chartState(page, tab.interval).then((s) => s?.lastClose), { timeout: 5_000 }).toBeCloseTo(price, 2);
      const s = (await chartState(page, tab.interval))!;
      // Points only ever add up, unless a new session has just begun on the Real time tab.
      if (s.from !== initial.from && tab.interval === '1m') initial = s;
      expect(s.points).toBeGreaterThanOrEqual(initial.points);
      // The period's range holds the last price and frames real prices, never zero.
      expect(s.high).toBeGreaterThanOrEqual(price);
      expect(s.low).toBeLessThanOrEqual(price);
      expect(s.low).toBeGreaterThan(price * 0.5);
    }
    await page.screenshot({ path: test.info().outputPath(`chart-${n}-${tab.interval}.png`) });
  }
});
