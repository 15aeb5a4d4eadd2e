import { act, render, screen, waitFor } from '@testing-library/react';
import type { Candle } from '@invest/shared';
import * as lightweightCharts from 'lightweight-charts';
import { initI18n } from '../src/i18n';
import { applyQuoteToRows, buildChartModel, ChartPanel, VOLUME_PANE_HEIGHT, type ChartModel } from '../src/chart';
type Recorded = { kind: string; pane: number; data: { time: number; value?: number; close?: number }[]; setDataCalls: number; updates: unknown[] };
type RecordedChart = { series: Recorded[]; panes: () => { height: number | null }[]; removed: boolean };
// The recording stand-in jest maps lightweight-charts to (shared/test/lightweight-charts-mock.js).
const chartsMade = (lightweightCharts as unknown as { charts: RecordedChart[] }).charts;

beforeAll(() => initI18n());

const minute = Date.UTC(2025, 0, 6, 3, 45);
const rows = (n: number): Candle[] =>
  Array.from({ length: n }, (_, i) => ({ timestamp: minute + i * 60_000, open: 100 + i, high: 102 + i, low: 99 + i, close: 101 + i, volume: 1000 + i, change: 1 }));

/** The panel with the library's chart in it (the sketch stands in until its code has come). */
async function draw(model: ChartModel) {
  const view = render(<ChartPanel model={model} precision={2} trend="up" height={240} />);
  await waitFor(() => expect(view.container.querySelector('[data-sketch]')).toBeNull());
  return { view, chart: chartsMade[chartsMade.length - 1]!, rerender: (m: ChartModel) => view.rerender(<ChartPanel model={m} precision={2} trend="up" height={240} />) };
}

it('draws the real-time area over an 80 px volume pane, and says what it shows', async () => {
  const { chart } = await draw(buildChartModel(rows(30), '1m', 'Asia/Kolkata'));
  const [main, volume] = chart.series;
  expect(main!.kind).toBe('Area');
  expect(main!.data).toHaveLength(30);
  expect(main!.data[29]).toEqual({ time: (minute + 29 * 60_000) / 1000, value: 130 });
  expect(volume!.kind).toBe('Histogram');
  expect(volume!.pane).toBe(1);
  expect(chart.panes()[1]!.height).toBe(VOLUME_PANE_HEIGHT);
  // A canvas has no text: the chart's name carries its numbers, on the exchange's clock.
  expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Real time chart, 30 points from 09:15 to 09:44: last 130.00, high 131.00, low 99.00');
});

it('a live price redraws the last bar alone; a new minute adds one; another answer draws afresh', async () => {
  const start = rows(30);
  const { chart, rerender } = await draw(buildChartModel(start, '1m'));
  const [main, volume] = chart.series;
  expect(main!.setDataCalls).toBe(1);

  const ticked = applyQuoteToRows(start, { price: 131.5, asOf: start[29]!.timestamp + 20_000 }, '1m');
  act(() => rerender(buildChartModel(ticked, '1m')));
  expect(main!.setDataCalls).toBe(1);
  expect(main!.updates).toEqual([{ time: start[29]!.timestamp / 1000, value: 131.5 }]);
  expect(volume!.updates).toHaveLength(1);

  const nextMinute = applyQuoteToRows(ticked, { price: 132, asOf: start[29]!.timestamp + 61_000 }, '1m');
  act(() => rerender(buildChartModel(nextMinute, '1m')));
  expect(main!.setDataCalls).toBe(1);
  expect(main!.data).toHaveLength(31);

  // The minute's rows read again from the server differ earlier on: the whole chart is drawn from them.
  const reread = nextMinute.map((r, i) => (i === 3 ? { ...r, close: 50 } : r));
  act(() => rerender(buildChartModel(reread, '1m')));
  expect(main!.setDataCalls).toBe(2);
  expect(main!.data[3]).toMatchObject({ value: 50 });
});

it('K charts draw candles with their three averages, and the same model twice draws nothing', async () => {
  const day = (n: number): Candle[] => rows(n).map((r, i) => ({ ...r, timestamp: Date.UTC(2025, 0, 1) + i * 86_400_000 }));
  const model = buildChartModel(day(40), '1d');
  const { chart, rerender } = await draw(model);
  expect(chart.series.map((s) => s.kind)).toEqual(['Candlestick', 'Line', 'Line', 'Line', 'Histogram']);
  expect(chart.series[0]!.data[39]).toMatchObject({ open: 139, high: 141, low: 138, close: 140 });
  // The 20-day average has no value before its 20th day: an empty point, not a zero.
  expect(chart.series[3]!.data[0]).toEqual({ time: model.bars[0]!.time });
  expect(screen.getByText(/^MA20 /)).toBeTruthy();
  act(() => rerender(buildChartModel(day(40), '1d')));
  expect(chart.series.every((s) => s.setDataCalls === 1 && s.updates.length === 0)).toBe(true);
});

it('another period is another chart: the one before is removed', async () => {
  const { chart, rerender } = await draw(buildChartModel(rows(10), '1m'));
  act(() => rerender(buildChartModel(rows(10).map((r, i) => ({ ...r, timestamp: Date.UTC(2025, 0, 1) + i * 86_400_000 })), '1d')));
  await screen.findByRole('img');
  expect(chart.removed).toBe(true);
  expect(chartsMade[chartsMade.length - 1]!.series[0]!.kind).toBe('Candlestick');
});
