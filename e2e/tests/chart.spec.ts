import { expect, test, type Page } from '@playwright/test';
import { loginByUi, registerByApi } from './helpers';

// The stock chart through live price updates (the server runs with MARKET_ALWAYS_OPEN=1, so prices move every
// second whatever the hour). Before the fix, the first update gave the price pane the volume pane's data: a solid
// band on a 0–2,000 axis with no time labels, flat day candles, and no line after going back to Real time.

// The simulator moves a price every 5 s: five updates a tab, and one more after going back to Real time.
const TABS = [
  { name: 'Real time', interval: '1m', type: 'area', updates: 5 },
  { name: 'Day K', interval: '1d', type: 'candlestick', updates: 5 },
  { name: 'Week K', interval: '1wk', type: 'candlestick', updates: 5 },
  { name: 'Month K', interval: '1mo', type: 'candlestick', updates: 5 },
  { name: 'Real time', interval: '1m', type: 'area', updates: 1 },
] as const;

interface ChartState {
  seriesType: string;
  points: number;
  lastClose: number;
  lastHigh: number;
  lastLow: number;
  minY: number;
  maxY: number;
  yLabels: string[];
  xLabels: string[];
}

/** What the price and volume panes draw now, read from apexcharts' own instances (charts with an id are listed). */
function chartState(page: Page): Promise<ChartState | null> {
  return page.evaluate(() => {
    type Instance = { id: string; chart: { el: Element; w: { config: any; globals: any } } };
    const apex = (window as unknown as { Apex?: { _chartInstances?: Instance[] } }).Apex;
    const live = (id: string) => apex?._chartInstances?.find((c) => c.id === id && c.chart.el.isConnected)?.chart;
    const price = live('stock-price');
    const volume = live('stock-volume');
    if (!price || !volume) return null;
    const first = price.w.config.series[0];
    const last = first.data[first.data.length - 1];
    const [, high, low, close] = Array.isArray(last.y) ? last.y : [last.y, last.y, last.y, last.y];
    const texts = (el: Element, sel: string) => [...el.querySelectorAll(sel)].map((e) => e.textContent?.trim() ?? '').filter(Boolean);
    return {
      seriesType: first.type ?? price.w.config.chart.type,
      points: first.data.length,
      lastClose: close,
      lastHigh: high,
      lastLow: low,
      minY: price.w.globals.minY,
      maxY: price.w.globals.maxY,
      yLabels: texts(price.el, '.apexcharts-yaxis-label'),
      xLabels: texts(volume.el, '.apexcharts-xaxis-label'),
    };
  });
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
    await expect(page.getByTestId(`chart-${tab.interval}`)).toBeVisible();
    await expect.poll(() => chartState(page).then((s) => s?.points ?? 0), { timeout: 15_000 }).toBeGreaterThan(10);
    const initial = (await chartState(page))!;

    let price = await shownPrice(page);
    for (let i = 0; i < tab.updates; i++) {
      await expect.poll(() => shownPrice(page), { timeout: 60_000, message: `update ${i + 1} on ${tab.name}` }).not.toBe(price);
      price = await shownPrice(page);
      // The last candle (or the line's last point) follows the price the header shows.
      await expect.poll(() => chartState(page).then((s) => s?.lastClose), { timeout: 5_000 }).toBeCloseTo(price, 2);
      const s = (await chartState(page))!;
      expect(s.seriesType).toBe(tab.type);
      expect(s.points).toBeGreaterThanOrEqual(initial.points);
      expect(s.lastHigh).toBeGreaterThanOrEqual(s.lastClose);
      expect(s.lastLow).toBeLessThanOrEqual(s.lastClose);
      // The price axis frames the prices: it holds the last close and does not fall to zero.
      expect(s.minY).toBeLessThanOrEqual(price);
      expect(s.maxY).toBeGreaterThanOrEqual(price);
      expect(s.minY).toBeGreaterThan(price * 0.5);
      expect(s.maxY - s.minY).toBeGreaterThan(0);
      const yValues = s.yLabels.map((l) => Number(l.replace(/,/g, '')));
      expect(yValues.length).toBeGreaterThanOrEqual(3);
      expect(Math.min(...yValues)).toBeGreaterThan(price * 0.5);
      // Time labels stay under the chart.
      expect(s.xLabels.length).toBeGreaterThanOrEqual(2);
    }
    await page.screenshot({ path: test.info().outputPath(`chart-${n}-${tab.interval}.png`) });
  }
});
