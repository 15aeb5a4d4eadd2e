// Loaded lazily (ChartPanel), only where a chart is drawn: apexcharts' core plus the chart types drawn here.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Chart from 'react-apexcharts/core';
// 'apexcharts/area' registers both area and line (7.9's line and area entries are the same file: importing both
// would ship it twice); candlestick draws the K charts, bar the volume pane.
import 'apexcharts/area';
import 'apexcharts/bar';
import 'apexcharts/candlestick';
import type { ApexOptions } from 'apexcharts';

type Series = NonNullable<ApexOptions['series']>;
import { formatCompact, formatPrice } from '@invest/shared';
import { axisLabel, VOLUME_PANE_HEIGHT, type ChartModel } from './chartData';
import s from './chart.module.css';

/** A design token's value (charts draw SVG attributes, which cannot use CSS variables directly). */
function token(name: string, fallback: string): string {
  if (typeof window === 'undefined') return fallback;
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

const Y_LABEL_WIDTH = 58;
/** Chart ids (apexcharts lists charts with an id in `Apex._chartInstances`, where the browser tests read them). */
const PRICE_CHART_ID = 'stock-price';
const VOLUME_CHART_ID = 'stock-volume';


export default function StockChart({
  model,
  precision,
  trend,
  height = 240,
}: {
  model: ChartModel;
  precision: number;
  trend: 'up' | 'down' | 'flat';
  height?: number;
}) {
  const { t } = useTranslation();
  const c = useMemo(() => palette(), []);
  const isK = model.interval !== '1m';

  const base = useMemo<ApexOptions>(() => {
    const labelAt = (v: number) => model.labels[Math.round(v)] ?? '';
    const last = model.labels.length - 1;
    return {
      chart: {
        // No `group`: apexcharts applies updateOptions to every chart of a group, so the first live update gave
        // the price pane the volume pane's series and axis (a solid band on a 0–2,000 scale).
        background: 'transparent',
        foreColor: c.text2,
        fontFamily: c.font,
        animations: { enabled: false },
        toolbar: { show: false },
        zoom: { enabled: false },
        selection: { enabled: false },
        parentHeightOffset: 0,
        redrawOnParentResize: true,
      },
      theme: { mode: 'dark' },
      legend: { show: false },
      dataLabels: { enabled: false },
      grid: { borderColor: c.border, strokeDashArray: 3, padding: { left: 14, right: 4, top: 0, bottom: 0 } },
      xaxis: {
        type: 'numeric',
        min: isK ? -0.5 : 0,
        max: isK ? last + 0.5 : Math.max(1, last),
        tickAmount: 4,
        decimalsInFloat: 0,
        labels: {
          rotate: 0,
          hideOverlappingLabels: true,
          style: { fontSize: '10px', colors: c.text3 },
          formatter: (v: string | number) => axisLabel(labelAt(Number(v)), model.interval),
        },
        axisBorder: { show: false },
        axisTicks: { show: false },
        tooltip: { enabled: false },
        crosshairs: { stroke: { color: c.text3, dashArray: 3 } },
      },
      tooltip: { theme: 'dark', x: { show: true, formatter: (v: number) => labelAt(v) }, style: { fontSize: '12px' } },
      states: { hover: { filter: { type: 'none' } }, active: { filter: { type: 'none' } } },
    };
  }, [c, isK, model]);

  const priceAxis = useMemo<ApexOptions['yaxis']>(
    () => ({
      opposite: true,
      tickAmount: 4,
      forceNiceScale: false,
      labels: {
        minWidth: Y_LABEL_WIDTH,
        maxWidth: Y_LABEL_WIDTH,
        style: { fontSize: '10px', colors: c.text3 },
        formatter: (v: number) => (Number.isFinite(v) ? formatPrice(v, precision) : ''),
      },
    }),
    [c, precision],
  );

  const main = useMemo<{ options: ApexOptions; series: Series; type: 'area' | 'line' }>(() => {
    const lineColour = trend === 'down' ? c.down : trend === 'up' ? c.up : c.flat;
    if (!isK) {
      return {
        type: 'area',
        series: [{ name: t('markets.detail.price'), data: model.closes }],
        options: {
          ...base,
          chart: { ...base.chart, id: PRICE_CHART_ID, type: 'area' },
          colors: [lineColour],
          stroke: { curve: 'straight', width: 1.6 },
          fill: { type: 'gradient', gradient: { shadeIntensity: 0, opacityFrom: 0.35, opacityTo: 0.02, stops: [0, 100] } },
          markers: { size: 0, hover: { size: 3 } },
          xaxis: { ...base.xaxis, labels: { ...base.xaxis?.labels, show: false } },
          yaxis: priceAxis,
          tooltip: { ...base.tooltip, y: { formatter: (v: number) => formatPrice(v, precision) } },
        },
      };
    }
    return {
      type: 'line',
      series: [
        { name: 'K', type: 'candlestick', data: model.candles },
        ...model.averages.map((a) => ({ name: `MA${a.period}`, type: 'line', data: a.points })),
      ],
      options: {
        ...base,
        chart: { ...base.chart, id: PRICE_CHART_ID, type: 'line' },
        colors: [c.up, ...c.ma],
        stroke: { width: [1, 1.2, 1.2, 1.2], curve: 'straight' },
        markers: { size: 0 },
        plotOptions: { candlestick: { colors: { upward: c.up, downward: c.down }, wick: { useFillColor: true } } },
        xaxis: { ...base.xaxis, labels: { ...base.xaxis?.labels, show: false } },
        yaxis: priceAxis,
        tooltip: { ...base.tooltip, shared: true, y: { formatter: (v: number) => (Number.isFinite(v) ? formatPrice(v, precision) : '--') } },
      },
    };
  }, [base, c, isK, model, precision, priceAxis, t, trend]);

  const volume = useMemo<{ options: ApexOptions; series: Series }>(
    () => ({
      series: [
        {
          name: t('markets.detail.volume'),
          data: model.volumes.map((v) => ({ x: v.x, y: v.y, fillColor: v.up ? c.up : c.down })),
        },
      ],
      options: {
        ...base,
        chart: { ...base.chart, id: VOLUME_CHART_ID, type: 'bar' },
        plotOptions: { bar: { columnWidth: '70%' } },
        fill: { opacity: 0.7 },
        grid: { ...base.grid, yaxis: { lines: { show: false } } },
        yaxis: {
          opposite: true,
          tickAmount: 1,
          labels: { minWidth: Y_LABEL_WIDTH, maxWidth: Y_LABEL_WIDTH, style: { fontSize: '10px', colors: c.text3 }, formatter: formatCompact },
        },
        tooltip: { ...base.tooltip, y: { formatter: formatCompact } },
      },
    }),
    [base, c, model, t],
  );

  return (
    <div className={s.chart} data-testid={`chart-${model.interval}`}>
      {isK && (
        <div className={`${s.maLegend} num`} aria-label={t('markets.detail.movingAverages')}>
          {model.lastAverages.map((a, i) => (
            <span key={a.period} style={{ color: c.ma[i] }}>
              MA{a.period} {a.value === null ? '--' : formatPrice(a.value, precision)}
            </span>
          ))}
        </div>
      )}
      <div className={s.mainPane} style={{ height }}>
        {/* A new period is a new chart: morphing a candlestick chart back into an area chart left no line. */}
        <Chart key={model.interval} type={main.type} height={height} width="100%" series={main.series} options={main.options} />
      </div>
      <div className={s.volumePane} style={{ height: VOLUME_PANE_HEIGHT }} aria-label={t('markets.detail.volume')}>
        <Chart key={model.interval} type="bar" height={VOLUME_PANE_HEIGHT} width="100%" series={volume.series} options={volume.options} />
      </div>
    </div>
  );
}
