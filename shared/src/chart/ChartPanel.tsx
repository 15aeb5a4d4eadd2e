import { useEffect, useState } from 'react';
import { Skeleton } from '@invest/shared';
import { chartBlockHeight, VOLUME_PANE_HEIGHT } from './chartData';
import { ChartSketch, type ChartProps } from './ChartSketch';
import { loadChart } from './preload';
import s from './chart.module.css';

type StockChart = Awaited<ReturnType<typeof loadChart>>['default'];
/** The chart library's component once its code has come: later charts draw with it at once. */
let loaded: StockChart | null = null;

/**
 * The price chart (area for 1-minute rows, candles with moving averages otherwise) over its volume pane. Until the
 * chart library's code has come (or where it cannot: on the server, or when its download fails) the same chart is
 * drawn as SVG, so the rows show the moment they are there. Another period is another chart: its series differ.
 */
export function ChartPanel(props: ChartProps) {
  const [Chart, setChart] = useState<StockChart | null>(() => loaded);
  useEffect(() => {
    if (Chart) return;
    let mounted = true;
    loadChart().then(
      (m) => {
        loaded = m.default;
        if (mounted) setChart(() => m.default);
      },
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, [Chart]);
  return Chart ? <Chart key={props.model.interval} {...props} /> : <ChartSketch {...props} />;
}

/** The chart's place while its rows load: as tall as the chart will be. */
export function ChartSkeleton({ height }: { height: number }) {
  return (
    <div className={s.skeleton} style={{ height: chartBlockHeight(height) }} aria-hidden="true">
      <Skeleton height={height - 20} radius={8} />
      <Skeleton height={VOLUME_PANE_HEIGHT - 20} radius={8} style={{ marginTop: 14 }} />
    </div>
  );
}
