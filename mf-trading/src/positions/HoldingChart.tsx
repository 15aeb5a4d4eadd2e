import { useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { precisionOf, RetryPanel, stripExchangeSuffix, Tabs, useQuery, type Quote } from '@invest/shared';
import { applyQuoteToRows, buildChartModel, ChartPanel, ChartSkeleton, chartBlockHeight } from '@invest/shared/chart';
import type { Holding } from '../lib/holdings';
import { holdingRowsQuery } from './positionsRoute';
import s from './positions.module.css';

const CHART_HEIGHT = 200;
/** The pushed price moves the last candle; the rows themselves are re-read this often to stay exact. */
const RESYNC_MS = 60_000;

/** Day candles of one holding's instrument, picked from the holdings on screen (the first by default). */
export function HoldingChart({ holdings, quoteOf }: { holdings: readonly Holding[]; quoteOf: (tag: string) => Quote | undefined }) {
  const { t } = useTranslation('trading');
  const [picked, setPicked] = useState<string>();
  const holding = holdings.find((h) => h.tag === picked) ?? holdings[0];
  if (!holding) return null;
  const label = (h: Holding) => h.name || stripExchangeSuffix(h.tag);
  return (
    <section className={s.chartSection} aria-label={t('positions.chart')} data-testid="holding-chart">
      {holdings.length > 1 && (
        <Tabs
          label={t('positions.chartPick')}
          variant="pills"
          className={s.chartPicker}
          items={holdings.map((h) => ({ value: h.tag, label: stripExchangeSuffix(h.tag) }))}
          value={holding.tag}
          onChange={setPicked}
        />
      )}
      <h2 className={s.chartTitle}>{t('positions.chartOf', { name: label(holding) })}</h2>
      {/* Keyed by instrument: another pick starts from its own rows, never the last one's. */}
      <Candles key={holding.tag} holding={holding} live={quoteOf(holding.tag)} />
    </section>
  );
}

function Candles({ holding, live }: { holding: Holding; live: Quote | undefined }) {
  const { t } = useTranslation('trading');
  const chart = useQuery({ ...holdingRowsQuery(holding.tag, holding.market), refetchInterval: RESYNC_MS });
  const model = useMemo(() => {
    if (!chart.data) return null;
    const rows = live ? applyQuoteToRows(chart.data.rows, live, '1d') : chart.data.rows;
    return buildChartModel(rows, '1d', chart.data.timezone);
  }, [chart.data, live]);
  return (
    <div className={s.chartArea} style={{ minHeight: chartBlockHeight(CHART_HEIGHT) }} role="tabpanel" aria-busy={!model || undefined}>
      {model ? (
        model.bars.length === 0 ? (
          <p className={s.chartNote}>{t('chart.noData')}</p>
        ) : (
          <ChartPanel model={model} precision={precisionOf({ market: holding.market })} trend="flat" height={CHART_HEIGHT} />
        )
      ) : chart.isError ? (
        <RetryPanel title={t('chart.failed')} onRetry={() => void chart.refetch()} busy={chart.isFetching} />
      ) : (
        <ChartSkeleton height={CHART_HEIGHT} />
      )}
    </div>
  );
}
