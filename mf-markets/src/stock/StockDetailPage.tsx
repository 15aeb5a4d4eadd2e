import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Link, useParams } from 'react-router-dom';
import { calls, direction, formatPrice, formatPriceIn, Icon, IconButton, isNotFound, NotFoundState, PageHeader, PriceChange, RetryPanel, Skeleton, StaleNotice, stripExchangeSuffix, Tabs, troubleOf, useQuery, type CallOutput, type Interval, type Market, type Quote, DETAIL_POLL_MS, newest, useLiveQuotes } from '@invest/shared';
import { MarketStatus, SimulatedNote } from '../components/MarketStatus';
import { displayName } from '../lib/display';
import { precisionOf, tradingHref } from '@invest/shared';
import { applyQuoteToRows, buildChartModel, ChartPanel, ChartSkeleton, chartBlockHeight, preloadChart } from '@invest/shared/chart';
import { chartQuery, stockOfParams } from './stockRoute';
import { useFavourite } from './useFavourite';
import s from './stock.module.css';

type ChartData = CallOutput<typeof calls.yahoo>;

export const CHART_TABS: { value: Interval; label: string }[] = [
  { value: '1m', label: 'chart.realtime' },
  { value: '1d', label: 'chart.dayK' },
  { value: '1wk', label: 'chart.weekK' },
  { value: '1mo', label: 'chart.monthK' },
];
const MAIN_CHART_HEIGHT = 240;
/** While the stream carries the price, the chart's rows are re-read this often to stay exact. */
const RESYNC_MS = 60_000;

/** The stock detail at /stock/{symbol}/{market}/{name} and /stock/v2/{code}/{name}; another stock mounts afresh. */
export function StockDetailPage() {
  const params = useParams();
  const { symbol, market } = stockOfParams(params);
  return <StockDetail key={`${symbol}/${market ?? ''}`} symbol={symbol} routeMarket={market} name={displayName(params.name, symbol)} />;
}

function StockDetail({ symbol, routeMarket, name }: { symbol: string; routeMarket: Market | undefined; name: string }) {
  const { t } = useTranslation('markets');

  const [interval, setPeriod] = useState<Interval>('1m');
  // The chart's code loads alongside its first rows, not after them.
  useEffect(preloadChart, []);
  const [charts, setCharts] = useState<Partial<Record<Interval, ChartData>>>({});

  // Codes are upper-case in the reference data, and the stream names them so.
  const liveSymbol = symbol.trim().toUpperCase();
  const liveSymbols = useMemo(() => [liveSymbol], [liveSymbol]);
  // The shown tab's chart: polled while the stream is unavailable, re-read now and then while it carries the price.
  const rowsQuery = chartQuery(symbol, routeMarket, interval);
  const { quotes, mode } = useLiveQuotes(liveSymbols, { intervalMs: DETAIL_POLL_MS, poll: [rowsQuery] });
  const chart = useQuery({ ...rowsQuery, refetchInterval: mode === 'stream' ? RESYNC_MS : false });
  const notFound = isNotFound(chart.error);
  const live = quotes[liveSymbol];
  // Each tab's rows as loaded, kept while other tabs show; a pushed price moves every loaded chart's last candle
  // (or opens the next minute). Both are folded in while rendering, when an answer or a price is new.
  const [folded, setFolded] = useState<{ answer?: ChartData; interval?: Interval; live?: Quote }>({});
  if (chart.data && (folded.answer !== chart.data || folded.interval !== interval)) {
    setFolded((f) => ({ ...f, answer: chart.data, interval }));
    setCharts((prev) => ({ ...prev, [interval]: chart.data }));
  }
  if (live && folded.live !== live) {
    setFolded((f) => ({ ...f, live }));
    setCharts((prev) => {
      const next: Partial<Record<Interval, ChartData>> = {};
      for (const [k, v] of Object.entries(prev) as [Interval, ChartData][]) {
        next[k] = { ...v, rows: applyQuoteToRows(v.rows, live, k) as ChartData['rows'] };
      }
      return next;
    });
  }
  const loaded = useMemo(() => Object.values(charts).reduce<ChartData | undefined>((a, b) => newest(a, b), undefined), [charts]);

  const quote = newest(loaded, live);
  const market = quote?.market ?? routeMarket;
  const precision = quote ? precisionOf(quote) : 2;
  const trend = quote ? direction(quote.change || quote.changePercent) : 'flat';
  const current = charts[interval];
  const model = useMemo(() => (current ? buildChartModel(current.rows, interval, current.timezone) : null), [current, interval]);
  const isIndex = symbol.startsWith('^');
  const fav = useFavourite(symbol, !notFound);
  const trouble = troubleOf(chart);
  const money = (v: number) => (isIndex ? formatPrice(v, precision) : formatPriceIn(v, market, precision));

  return (
    <div className={s.page}>
      <PageHeader
        title={name}
        back
        right={
          <IconButton
            label={fav.collected ? t('detail.unfavourite') : t('detail.favourite')}
            aria-pressed={fav.collected}
            disabled={fav.busy}
            onClick={() => void fav.toggle()}
            className={`${s.star} ${fav.collected ? s.starOn : ''}`}
            data-testid="favourite"
          >
            <Icon name="star" fill={fav.collected ? 'currentColor' : 'none'} />
          </IconButton>
        }
      />

      {/* An unknown code (the API answers 404): said plainly; nothing polls, and the star stays locked. */}
      {notFound ? (
        <NotFoundState title={t('detail.notFound')} body={t('detail.notFoundBody')} />
      ) : (
      <>
      {trouble && quote && <StaleNotice reason={trouble} since={quote.asOf} />}
      <section className={s.hero} aria-label={t('detail.quote')}>
        <div className={s.ident}>
          <span className={`${s.code} num`}>{stripExchangeSuffix(symbol)}</span>
          {quote && <span className={s.exchange}>{quote.exchange_name}</span>}
          {market && <span className={s.marketTag}>{market}</span>}
        </div>
        {quote ? (
          <>
            <p className={`${s.price} num`} data-testid="detail-price" data-direction={trend}>
              {money(quote.price)}
            </p>
            <PriceChange change={quote.change} percent={quote.changePercent} precision={precision} className={s.heroChange} />
            <div className={s.badges}>
              <MarketStatus open={quote.marketOpen} stale={trouble !== null} />
              {quote.simulated && <SimulatedNote />}
            </div>
          </>
        ) : chart.isError ? (
          <p className={s.muted}>{t('detail.quoteFailed')}</p>
        ) : (
          <>
            <Skeleton width={180} height={34} style={{ margin: '8px 0 6px' }} />
            <Skeleton width={130} height={16} />
          </>
        )}
        <dl className={s.stats}>
          {(
            [
              ['open', quote?.open],
              ['high', quote?.high],
              ['low', quote?.low],
              ['prevClose', quote?.prevClose],
            ] as const
          ).map(([key, v]) => (
            <div key={key} className={s.stat}>
              <dt>{t(`detail.${key}`)}</dt>
              <dd className="num" data-testid={`stat-${key}`}>
                {v === undefined ? '--' : formatPrice(v, precision)}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <Tabs
        label={t('detail.chartPeriod')}
        items={CHART_TABS.map((x) => ({ value: x.value, label: t(x.label) }))}
        value={interval}
        onChange={setPeriod}
        fill
      />
      <div className={s.chartArea} style={{ minHeight: chartBlockHeight(MAIN_CHART_HEIGHT) }} role="tabpanel" aria-busy={!model || undefined}>
        {model ? (
          model.bars.length === 0 ? (
            <p className={s.muted}>{t('chart.noData')}</p>
          ) : (
            <ChartPanel model={model} precision={precision} trend={trend} height={MAIN_CHART_HEIGHT} />
          )
        ) : chart.isError ? (
          <RetryPanel title={t('chart.failed')} onRetry={() => void chart.refetch()} busy={chart.isFetching} />
        ) : (
          <ChartSkeleton height={MAIN_CHART_HEIGHT} />
        )}
      </div>

      {!isIndex && (
        <div className={s.tradeBar}>
          <TradeLink side="buy" symbol={symbol} market={market} name={name} />
          <TradeLink side="sell" symbol={symbol} market={market} name={name} />
        </div>
      )}
      </>
      )}
    </div>
  );
}

function TradeLink({ side, symbol, market, name }: { side: 'buy' | 'sell'; symbol: string; market: string | undefined; name: string }) {
  const { t } = useTranslation('markets');
  const cls = `${s.trade} ${side === 'buy' ? s.buy : s.sell}`;
  if (!market) {
    return (
      <span className={`${cls} ${s.tradeDisabled}`} aria-disabled="true">
        {t(`detail.${side}`)}
      </span>
    );
  }
  return (
    <Link to={tradingHref(symbol, market, name, side)} className={cls} data-testid={side}>
      {t(`detail.${side}`)}
    </Link>
  );
}
