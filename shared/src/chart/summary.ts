import { formatPrice } from '@invest/shared';
import { candleLabel, type Bar, type ChartModel } from './chartData';

/** The period's name as its tab says it. */
const PERIOD_LABELS: Record<ChartModel['interval'], string> = {
  '1m': 'chart.realtime',
  '1d': 'chart.dayK',
  '1wk': 'chart.weekK',
  '1mo': 'chart.monthK',
};

/** The highest and lowest price of the bars. */
function rangeOf(bars: readonly Bar[]): { high: number; low: number } {
  let high = -Infinity;
  let low = Infinity;
  for (const b of bars) {
    high = Math.max(high, b.high, b.close);
    low = Math.min(low, b.low, b.close);
  }
  return { high, low };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The chart's accessible name: what it shows, the numbers included, since neither a canvas nor the sketch's shapes
 * have text a screen reader could read.
 */
export function chartSummary(t: Translate, model: ChartModel, precision: number): string {
  const last = model.bars[model.bars.length - 1];
  if (!last) return t('chart.noData');
  const range = rangeOf(model.bars);
  const price = (v: number) => formatPrice(v, precision);
  return t('chart.summary', {
    period: t(PERIOD_LABELS[model.interval]),
    count: model.bars.length,
    from: candleLabel(model.bars[0]!.time * 1000, model.interval, model.timeZone),
    to: candleLabel(last.time * 1000, model.interval, model.timeZone),
    close: price(last.close),
    high: price(range.high),
    low: price(range.low),
  });
}
