import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { direction, formatPriceIn, LoadError, NotFoundState, precisionOf, PriceChange, Skeleton, StaleNotice, stripExchangeSuffix } from '@invest/shared';
import { buildChartModel, ChartPanel, ChartSkeleton, chartBlockHeight, preloadChart } from '@invest/shared/chart';
import type { EmbedParams } from './params';
import { useEmbedChart } from './useEmbedChart';
import s from './embed.module.css';

/** The quote above the chart. */
const QUOTE_PX = 112;
const PRICE_PANE_MIN_PX = 120;
/** The price pane takes what the frame leaves it (beside the quote, the volume pane, legend and credit): a partner sizes the frame, the chart follows. */
const priceHeight = () => Math.max(PRICE_PANE_MIN_PX, window.innerHeight - QUOTE_PX - chartBlockHeight(0));

/** One instrument's quote and live chart, the whole of iframe.html. */
export function EmbedChartPage(params: EmbedParams) {
  const { t } = useTranslation('embed');
  const { chart, trouble, live, retry } = useEmbedChart(params);
  const [height, setHeight] = useState(priceHeight);
  // The chart's code loads alongside its rows, not after them.
  useEffect(preloadChart, []);
  useEffect(() => {
    const resize = () => setHeight(priceHeight());
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  const model = useMemo(() => (chart ? buildChartModel(chart.rows, params.interval, chart.timezone) : null), [chart, params.interval]);

  if (!params.symbol) return <NotFoundState title={t('embed.missing')} body={t('embed.missingBody')} />;
  if (trouble === 'notFound') return <NotFoundState title={t('embed.notFound', { symbol: params.symbol })} body={t('embed.notFoundBody')} />;
  if (!chart || !model) {
    return trouble ? (
      <LoadError reason={trouble} title={t('chart.failed')} onRetry={retry} />
    ) : (
      <div aria-busy="true">
        <div className={s.quote}>
          <Skeleton width={160} height={20} />
          <Skeleton width={140} height={30} style={{ marginTop: 10 }} />
        </div>
        <ChartSkeleton height={height} />
      </div>
    );
  }

  const precision = precisionOf(chart);
  const trend = direction(chart.change || chart.changePercent);
  const code = stripExchangeSuffix(chart.symbol);
  return (
    <main>
      <section className={s.quote} aria-label={t('embed.quote', { name: chart.name })}>
        <div className={s.ident}>
          <h1 className={s.name}>{chart.name}</h1>
          <span className={`${s.code} num`}>
            {code} · {chart.exchange_name}
          </span>
        </div>
        <div className={s.priceLine}>
          <p className={`${s.price} num`} data-testid="embed-price" data-direction={trend}>
            {formatPriceIn(chart.price, chart.currency, precision)}
          </p>
          <PriceChange change={chart.change} percent={chart.changePercent} precision={precision} />
        </div>
        <p className={s.status} data-testid="embed-status">
          {[t(chart.marketOpen ? 'embed.open' : 'embed.closed'), live && t('embed.live'), chart.simulated && t('embed.simulated')].filter(Boolean).join(' · ')}
        </p>
      </section>
      {trouble && <StaleNotice reason={trouble === 'offline' ? 'offline' : 'failed'} since={chart.asOf} />}
      {model.bars.length === 0 ? (
        <p className={s.status}>{t('chart.noData')}</p>
      ) : (
        <ChartPanel model={model} precision={precision} trend={trend} height={height} />
      )}
    </main>
  );
}
