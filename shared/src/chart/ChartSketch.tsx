import { useId, useMemo } from 'react';
import { useTranslation } from '@invest/runtime';
import { formatPrice } from '@invest/shared';
import { axisLabel, candleLabel, type ChartModel } from './chartData';
import { priceScaleWidth, SKETCH_WIDTH, sketchLayout, sketchShapes } from './sketch';
import { chartSummary } from './summary';
import s from './chart.module.css';

export interface ChartProps {
  model: ChartModel;
  precision: number;
  trend: 'up' | 'down' | 'flat';
  height: number;
}

/**
 * The chart drawn as plain SVG, where the chart library would draw it: what a screen shows from the moment its rows
 * are there until the library's code has come (and what a first frame shows before any code has), so the price line
 * never waits for a download. It has no crosshair; the library's chart takes its place, the same size.
 */
export function ChartSketch({ model, precision, trend, height }: ChartProps) {
  const { t } = useTranslation();
  const gradient = useId();
  const layout = useMemo(() => sketchLayout(height), [height]);
  const shapes = useMemo(() => sketchShapes(model, layout), [model, layout]);
  const price = (v: number) => formatPrice(v, precision);
  const labels = shapes.ticks.map(price);
  const last = model.bars[model.bars.length - 1];
  const scale = priceScaleWidth(Math.max(0, ...labels.map((l) => l.length), last ? price(last.close).length : 0));
  const plotWidth = `calc(100% - ${scale}px)`;
  const isK = model.interval !== '1m';
  // As the library colours its last-value label: the line's trend, or the last candle's own direction.
  const lastTone = !isK || !last ? trend : last.close >= last.open ? 'up' : 'down';

  return (
    <div className={s.chart} data-testid={`chart-${model.interval}`} data-sketch="">
      <div className={`${s.legend} num`} aria-hidden="true">
        {isK &&
          model.lastAverages.map((a, i) => (
            <span key={a.period} className={s[`ma${i}`]}>
              MA{a.period} {a.value === null ? '--' : price(a.value)}
            </span>
          ))}
      </div>
      <div className={`${s.canvas} ${s.sketch}`} style={{ height: layout.total }} role="img" aria-label={chartSummary(t, model, precision)}>
        <svg className={`${s.plot} ${s[trend]}`} style={{ width: plotWidth }} viewBox={`0 0 ${SKETCH_WIDTH} ${layout.total}`} preserveAspectRatio="none" aria-hidden="true">
          <path className={s.grid} d={shapes.ticks.map((v) => `M0,${shapes.y(v)}H${SKETCH_WIDTH}`).join('')} />
          <path className={s.separator} d={`M0,${layout.pricePane + 0.5}H${SKETCH_WIDTH}`} />
          {isK ? (
            <>
              <path className={s.upWick} d={shapes.candles.upWicks} />
              <path className={s.downWick} d={shapes.candles.downWicks} />
              <path className={s.upFill} d={shapes.candles.up} />
              <path className={s.downFill} d={shapes.candles.down} />
              {shapes.averages.map((d, i) => (
                <path key={i} className={`${s.average} ${s[`ma${i}`]}`} d={d} />
              ))}
            </>
          ) : (
            <>
              <defs>
                <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0" className={s.areaTop} />
                  <stop offset="1" className={s.areaBottom} />
                </linearGradient>
              </defs>
              <path d={shapes.area} style={{ fill: `url(#${gradient})` }} />
              <path className={s.line} d={shapes.line} />
            </>
          )}
          {last && <path className={s.lastLine} d={`M0,${shapes.y(last.close)}H${SKETCH_WIDTH}`} />}
          <path className={s.volumeUp} d={shapes.volumes.up} />
          <path className={s.volumeDown} d={shapes.volumes.down} />
        </svg>
        <div className={`${s.scale} num`} style={{ width: scale }} aria-hidden="true">
          {shapes.ticks.map((v, i) => (
            <span key={v} style={{ top: shapes.y(v) }}>
              {labels[i]}
            </span>
          ))}
          {last && (
            <span className={`${s.lastPrice} ${s[lastTone]}`} style={{ top: shapes.y(last.close) }}>
              {price(last.close)}
            </span>
          )}
        </div>
        <div className={`${s.times} num`} style={{ width: plotWidth, top: layout.timeAxisTop }} aria-hidden="true">
          {shapes.times.map(({ at, index }) => (
            <span key={index} style={{ left: `${at * 100}%` }}>
              {axisLabel(candleLabel(model.bars[index]!.time * 1000, model.interval, model.timeZone), model.interval)}
            </span>
          ))}
        </div>
      </div>
      <p className={`${s.credit} ${s.creditSpace}`} aria-hidden="true" />
    </div>
  );
}
