import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { Candle } from '@invest/shared';
import { initI18n } from '../src/i18n';
import { buildChartModel, ChartPanel, chartBlockHeight } from '../src/chart';
import { ChartSketch } from '../src/chart/ChartSketch';
import { priceTicks, sketchLayout, sketchShapes } from '../src/chart/sketch';

beforeAll(() => initI18n());

const minute = Date.UTC(2025, 0, 6, 3, 45);
const rows = (closes: number[]): Candle[] =>
  closes.map((close, i) => ({ timestamp: minute + i * 60_000, open: close - 1, high: close + 1, low: close - 2, close, volume: 100 * (i + 1), change: 0 }));

it('draws the rows before the chart library has come: the line through every close, the same name, the same height', async () => {
  const model = buildChartModel(rows([100, 110, 105, 120]), '1m', 'Asia/Kolkata');
  // On the server (a first frame) nothing loads: the sketch is what is drawn.
  const html = renderToString(<ChartPanel model={model} precision={2} trend="up" height={240} />);
  expect(html).toContain('data-sketch');
  expect(html).toContain('Real time chart, 4 points from 09:15 to 09:18: last 120.00, high 121.00, low 98.00');
  const line = /class="line" d="([^"]+)"/.exec(html)![1]!;
  expect(line.split(/[ML]/).filter(Boolean)).toHaveLength(4);
  // Price labels are round numbers inside the range, and the last price has its own label.
  expect(html).toMatch(/>120\.00</);
  expect(html).toMatch(/>110\.00</);
  // In the page the library's chart takes the sketch's place once its code has come.
  render(<ChartPanel model={model} precision={2} trend="up" height={240} />);
  expect(screen.getByRole('img').closest('[data-sketch]')).not.toBeNull();
  await waitFor(() => expect(document.querySelector('[data-sketch]')).toBeNull());
  expect(screen.getByRole('img').getAttribute('aria-label')).toContain('4 points');
});

it('names a chart of one point in the singular', () => {
  const html = renderToString(<ChartPanel model={buildChartModel(rows([100]), '1m', 'Asia/Kolkata')} precision={2} trend="flat" height={240} />);
  expect(html).toContain('aria-label="Real time chart, 1 point at 09:15: last 100.00, high 101.00, low 98.00"');
});

it('lays the panes out as the chart does: the higher price higher up, volumes in their own pane, inside the block', () => {
  const layout = sketchLayout(240);
  expect(layout.total + 42).toBe(chartBlockHeight(240));
  const model = buildChartModel(rows([100, 120]), '1m');
  const shapes = sketchShapes(model, layout);
  expect(shapes.y(120)).toBeLessThan(shapes.y(100));
  expect(shapes.y(120)).toBeGreaterThan(0);
  expect(shapes.y(100)).toBeLessThan(layout.pricePane);
  const volumeYs = [...shapes.volumes.up.matchAll(/M[\d.]+,([\d.]+)/g)].map((m) => Number(m[1]));
  expect(volumeYs.every((y) => y > layout.volumeTop && y < layout.volumeTop + 80)).toBe(true);
});

it('K charts sketch candles by direction and their averages, with gaps where an average has no value yet', () => {
  const day = (n: number): Candle[] =>
    Array.from({ length: n }, (_, i) => ({ timestamp: Date.UTC(2025, 0, 1) + i * 86_400_000, open: 100, high: 110, low: 90, close: i % 2 ? 105 : 95, volume: 10, change: 0 }));
  const shapes = sketchShapes(buildChartModel(day(30), '1d'), sketchLayout(240));
  expect(shapes.candles.up.match(/M/g)).toHaveLength(15);
  expect(shapes.candles.down.match(/M/g)).toHaveLength(15);
  expect(shapes.line).not.toBe('');
  // MA5, MA10, MA20: each starts where it has enough days, in one stroke.
  expect(shapes.averages.map((d) => d.match(/M/g)?.length)).toEqual([1, 1, 1]);
  // The last close has its label, coloured by the last candle (down: 95 from 100), as the library's is.
  const html = renderToString(<ChartSketch model={buildChartModel(day(31), '1d')} precision={2} trend="up" height={240} />);
  expect(html).toMatch(/class="lastPrice down"[^>]*>95\.00</);
});

it('spaces price ticks on round steps, never closer than a label needs', () => {
  expect(priceTicks(1572.07, 1584.07, 190)).toEqual([1574, 1576, 1578, 1580, 1582, 1584]);
  expect(priceTicks(0.5, 0.9, 200)).toEqual([0.5, 0.6, 0.7, 0.8, 0.9]);
  const ticks = priceTicks(99, 101, 30);
  expect(ticks.length).toBeLessThanOrEqual(2);
});
