import { lazy, Suspense } from 'react';
import { Skeleton } from '@invest/shared';
import { VOLUME_PANE_HEIGHT, type ChartModel } from './chartData';
import s from './chart.module.css';

// apexcharts is big: its chunk loads only when a chart is drawn. Calling `preloadChart` when a screen that will draw
// one opens fetches the chunk alongside the chart's data instead of after it.
const loadChart = () => import('./StockChart');
const StockChart = lazy(loadChart);
export const preloadChart = (): void => void loadChart();

/** The price chart (area for 1-minute rows, candles with moving averages otherwise) over its volume pane. */
export function ChartPanel(props: { model: ChartModel; precision: number; trend: 'up' | 'down' | 'flat'; height: number }) {
  return (
    <Suspense fallback={<ChartSkeleton height={props.height} />}>
      <StockChart {...props} />
    </Suspense>
  );
}

/** The chart's place while its rows or its code load. */
export function ChartSkeleton({ height }: { height: number }) {
  return (
    <div className={s.skeleton} aria-hidden="true">
      <Skeleton height={height - 20} radius={8} />
      <Skeleton height={VOLUME_PANE_HEIGHT - 20} radius={8} style={{ marginTop: 14 }} />
    </div>
  );
}
