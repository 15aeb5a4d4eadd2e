// Loaded lazily (ChartPanel), only where a chart is drawn. lightweight-charts draws on a canvas and takes one changed
// bar at a time (series.update): a live price redraws that bar, not the whole chart.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import {
  AreaSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type SeriesType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { formatCompact, formatPrice } from '@invest/shared';
import { axisLabel, candleLabel, diffFrom, VOLUME_PANE_HEIGHT, type Bar, type ChartModel } from './chartData';
import { chartSummary } from './summary';
import s from './chart.module.css';

/** A design token's value (the canvas cannot read CSS variables). */
function token(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function palette() {
  return {
    up: token('--c-up', '#16c784'),
    down: token('--c-down', '#ea3943'),
    flat: token('--c-flat', '#93a1bb'),
    text2: token('--c-text-2', '#93a1bb'),
    text3: token('--c-text-3', '#5f6d87'),
    border: token('--c-border', '#24324d'),
    ma: [token('--c-text', '#e8edf6'), token('--c-accent', '#f0b90b'), token('--c-text-2', '#93a1bb')],
    font: token('--font-num', 'monospace'),
  };
}
type Palette = ReturnType<typeof palette>;

/** `#rrggbb` at `alpha` (areas and volume bars are drawn see-through). */
function faded(colour: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  return m ? `rgba(${parseInt(m[1]!, 16)}, ${parseInt(m[2]!, 16)}, ${parseInt(m[3]!, 16)}, ${alpha})` : colour;
}

const PRICE_SCALE_WIDTH = 58;
const at = (time: number) => time as UTCTimestamp;

/** The chart and its series, with the model they show now. */
interface Drawn {
  chart: IChartApi;
  main: ISeriesApi<'Area'> | ISeriesApi<'Candlestick'>;
  averages: ISeriesApi<'Line'>[];
  volume: ISeriesApi<'Histogram'>;
  model: ChartModel | null;
}

function create(el: HTMLElement, model: ChartModel, c: Palette, precision: number): Drawn {
  const { interval, timeZone } = model;
  const chart = createChart(el, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: c.text3,
      fontFamily: c.font,
      fontSize: 10,
      // The credit and its link sit under the chart (ChartCredit), where they can be tapped.
      attributionLogo: false,
      panes: { separatorColor: c.border, enableResize: false },
    },
    grid: { vertLines: { visible: false }, horzLines: { color: c.border, style: LineStyle.Dashed } },
    rightPriceScale: { borderVisible: false, minimumWidth: PRICE_SCALE_WIDTH },
    timeScale: {
      borderVisible: false,
      fixLeftEdge: true,
      fixRightEdge: true,
      lockVisibleTimeRangeOnResize: true,
      tickMarkFormatter: (time: Time) => axisLabel(candleLabel((time as number) * 1000, interval, timeZone), interval),
    },
    localization: { timeFormatter: (time: Time) => candleLabel((time as number) * 1000, interval, timeZone) },
    crosshair: { mode: CrosshairMode.Magnet, vertLine: { color: c.text3, style: LineStyle.Dashed }, horzLine: { color: c.text3, style: LineStyle.Dashed } },
    // The page scrolls under a finger on the chart; the chart shows the whole period, so it needs no panning.
    handleScroll: false,
    handleScale: false,
  });
  const priceFormat = { type: 'custom' as const, formatter: (v: number) => formatPrice(v, precision), minMove: 10 ** -precision };
  const main =
    interval === '1m'
      ? chart.addSeries(AreaSeries, { lineWidth: 2, priceFormat, crosshairMarkerRadius: 3 })
      : chart.addSeries(CandlestickSeries, {
          upColor: c.up,
          downColor: c.down,
          wickUpColor: c.up,
          wickDownColor: c.down,
          borderVisible: false,
          priceFormat,
        });
  const averages = model.averages.map((_, i) =>
    chart.addSeries(LineSeries, {
      color: c.ma[i],
      lineWidth: 1,
      priceFormat,
      priceLineVisible: false,
      lastValueVisible: false,
      crosshairMarkerVisible: false,
    }),
  );
  const volume = chart.addSeries(
    HistogramSeries,
    { priceFormat: { type: 'custom', formatter: formatCompact }, priceLineVisible: false, lastValueVisible: false },
    1,
  );
  chart.panes()[1]?.setHeight(VOLUME_PANE_HEIGHT);
  // Room above the highest price for its axis label.
  main.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.05 } });
  return { chart, main, averages, volume, model: null };
}

const barOf = (b: Bar, area: boolean) => (area ? { time: at(b.time), value: b.close } : { ...b, time: at(b.time) });

/** Draws `model` on `d`: the whole of it, or, when only its last bar moved or one was added, that bar alone. */
function draw(d: Drawn, model: ChartModel, c: Palette): void {
  const area = model.interval === '1m';
  const main = d.main as ISeriesApi<SeriesType>;
  const volumeOf = (v: ChartModel['volumes'][number]) => ({ time: at(v.time), value: v.value, color: faded(v.up ? c.up : c.down, 0.7) });
  const pointOf = (p: ChartModel['averages'][number]['points'][number]) => (p.value === null ? { time: at(p.time) } : { time: at(p.time), value: p.value });
  const change = diffFrom(d.model, model);
  if (change === 'all') {
    main.setData(model.bars.map((b) => barOf(b, area)));
    d.averages.forEach((line, i) => line.setData(model.averages[i]!.points.map(pointOf)));
    d.volume.setData(model.volumes.map(volumeOf));
    d.chart.timeScale().fitContent();
  } else if (change === 'tail') {
    const last = model.bars.length - 1;
    const added = model.bars.length > (d.model?.bars.length ?? 0);
    main.update(barOf(model.bars[last]!, area));
    d.averages.forEach((line, i) => line.update(pointOf(model.averages[i]!.points[last]!)));
    d.volume.update(volumeOf(model.volumes[last]!));
    if (added) d.chart.timeScale().fitContent();
  }
  d.model = model;
}

type Trend = 'up' | 'down' | 'flat';

/**
 * The price chart over its volume pane: an area of 1-minute closes (real time), or candles with their moving averages
 * (K charts). One chart per period (ChartPanel keys it by interval). Its accessible name says what it shows, the
 * numbers included, since a canvas has no text of its own.
 */
export default function StockChart({ model, precision, trend, height }: { model: ChartModel; precision: number; trend: Trend; height: number }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef<Drawn | null>(null);
  const [colours] = useState(palette);
  const [pointed, setPointed] = useState<{ time: number; bar: Bar } | null>(null);

  useLayoutEffect(() => {
    const d = create(box.current!, model, colours, precision);
    drawn.current = d;
    const onMove = (p: MouseEventParams<Time>) => {
      const data = p.time === undefined ? undefined : (p.seriesData.get(d.main) as ({ value?: number } & Partial<Bar>) | undefined);
      if (!data) return setPointed(null);
      const close = data.close ?? data.value ?? 0;
      setPointed({ time: p.time as number, bar: { time: p.time as number, open: data.open ?? close, high: data.high ?? close, low: data.low ?? close, close } });
    };
    d.chart.subscribeCrosshairMove(onMove);
    return () => {
      d.chart.unsubscribeCrosshairMove(onMove);
      d.chart.remove();
      drawn.current = null;
    };
    // One chart for the component's life: the model and precision reach it through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useLayoutEffect(() => draw(drawn.current!, model, colours), [model, colours]);

  useEffect(() => {
    const priceFormat = { type: 'custom' as const, formatter: (v: number) => formatPrice(v, precision), minMove: 10 ** -precision };
    const d = drawn.current!;
    d.main.applyOptions({ priceFormat });
    d.averages.forEach((line) => line.applyOptions({ priceFormat }));
  }, [precision]);

  useEffect(() => {
    const d = drawn.current!;
    if (model.interval !== '1m') return;
    const line = trend === 'down' ? colours.down : trend === 'up' ? colours.up : colours.flat;
    (d.main as ISeriesApi<'Area'>).applyOptions({ lineColor: line, topColor: faded(line, 0.35), bottomColor: faded(line, 0.02) });
  }, [trend, colours, model.interval]);

  const isK = model.interval !== '1m';
  const price = (v: number) => formatPrice(v, precision);
  const summary = useMemo(() => chartSummary(t, model, precision), [t, model, precision]);

  return (
    <div className={s.chart} data-testid={`chart-${model.interval}`}>
      <div className={`${s.legend} num`} aria-hidden="true">
        {pointed ? (
          <span>
            {candleLabel(pointed.time * 1000, model.interval, model.timeZone)}{' '}
            {isK ? `O ${price(pointed.bar.open)} H ${price(pointed.bar.high)} L ${price(pointed.bar.low)} C ${price(pointed.bar.close)}` : price(pointed.bar.close)}
          </span>
        ) : (
          isK &&
          model.lastAverages.map((a, i) => (
            <span key={a.period} style={{ color: colours.ma[i] }}>
              MA{a.period} {a.value === null ? '--' : price(a.value)}
            </span>
          ))
        )}
      </div>
      <div ref={box} className={s.canvas} style={{ height: height + VOLUME_PANE_HEIGHT }} role="img" aria-label={summary} />
      <ChartCredit />
    </div>
  );
}

/** The chart library's licence asks for its maker's name and a link to its site on the page that shows it. */
function ChartCredit() {
  const { t } = useTranslation();
  return (
    <p className={s.credit}>
      {t('chart.by')}{' '}
      <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
        TradingView
      </a>
    </p>
  );
}
