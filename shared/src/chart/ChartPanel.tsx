import { lazy, Suspense } from 'react';
import { Skeleton } from '@invest/shared';
import { chartBlockHeight, VOLUME_PANE_HEIGHT, type ChartModel } from './chartData';
import { loadChart } from './preload';
import s from './chart.module.css';

// The chart library loads only when a chart is drawn (or preloadChart asks for it).
const StockChart = lazy(loadChart);

/**
 * The price chart (area for 1-minute rows, candles with moving averages otherwise) over its volume pane. Another
 * period is another chart: its series differ.
 */
export function ChartPanel(props: { model: ChartModel; precision: number; trend: 'up' | 'down' | 'flat'; height: number }) {
  return (
    <Suspense fallback={<ChartSkeleton height={props.height} />}>
      <StockChart key={props.model.interval} {...props} />
    </Suspense>
  );
}

/** The chart's place while its rows or its code load: as tall as the chart will be. */
export function ChartSkeleton({ height }: { height: number }) {
  return (
    <div className={s.skeleton} style={{ height: chartBlockHeight(height) }} aria-hidden="true">
      <Skeleton height={height - 20} radius={8} />
      <Skeleton height={VOLUME_PANE_HEIGHT - 20} radius={8} style={{ marginTop: 14 }} />
    </div>
  );
}
