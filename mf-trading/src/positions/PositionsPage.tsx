import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  calls,
  EmptyState,
  formatMoney,
  formatPriceIn,
  Icon,
  IconButton,
  LIST_POLL_MS,
  PageHeader,
  precisionOf,
  QueryState,
  SearchDialog,
  SkeletonRows,
  stripExchangeSuffix,
  Tabs,
  tradingHref,
  useCalls,
  useLiveQuotes,
  type CallOutput,
  type Deployment,
  type StockRow,
  type TradeType,
  WithDeployment,
} from '@invest/shared';
import { TRADE_TYPES } from '@invest/shared/values/trading';
import { preloadChart } from '@invest/shared/chart';
import { InstrumentRow, instrumentRowView, searchStocks } from '@invest/shared/instruments';
import { Signed } from '../components/common';
import { groupLots, summaryOf, type Holding } from '../lib/holdings';
import { HoldingChart } from './HoldingChart';
import { positionsQuery, tradeTypeOf } from './positionsRoute';
import s from './positions.module.css';

type PositionsAnswer = CallOutput<typeof calls.positions>;


/** /trade: positions with the bottom nav; the type is kept in the URL (?type=). */
export function PositionsPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('type');
  const type = tradeTypeOf(raw);
  return <Positions type={type} onType={(next) => setParams(next === 'stock' ? {} : { type: next }, { replace: true })} back={false} search />;
}

/** /trade-no-nav/:type/:buck?: positions without the nav; with `buck` a back button shows and the search hides. */
export function PositionsNoNavPage() {
  const { type: raw, buck } = useParams();
  const navigate = useNavigate();
  const type = tradeTypeOf(raw);
  return (
    <Positions
      type={type}
      onType={(next) => navigate(`/trade-no-nav/${next}${buck ? `/${encodeURIComponent(buck)}` : ''}`, { replace: true })}
      back={Boolean(buck)}
      search={!buck}
    />
  );
}

function Positions({ type, onType, back, search }: { type: TradeType; onType: (t: TradeType) => void; back: boolean; search: boolean }) {
  const { t } = useTranslation('trading');
  const [searching, setSearching] = useState(false);
  // The holdings' chart code comes with the positions, not after them.
  useEffect(preloadChart, []);
  return (
    <div className={s.page}>
      <PageHeader
        title={t('titles.trade')}
        back={back}
        right={
          search && (
            <IconButton label={t('search')} onClick={() => setSearching(true)} data-testid="positions-search">
              <Icon name="search" />
            </IconButton>
          )
        }
      />
      <Tabs
        label={t('typeLabel')}
        variant="pills"
        fill
        className={s.types}
        items={TRADE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
        value={type}
        onChange={onType}
      />
      <div className={s.toolbar}>
        <Link to="/records" className={s.headerLink}>
          {t('recordsLink')}
        </Link>
      </div>
      <WithDeployment>{(d) => <PositionList key={type} type={type} deployment={d} />}</WithDeployment>
      {search && <TradeSearch open={searching} onClose={() => setSearching(false)} />}
    </div>
  );
}

/** The loaded pages of one type (load more adds the next 10), their live values and the summary. */
function PositionList({ type, deployment }: { type: TradeType; deployment: Deployment }) {
  const { t } = useTranslation('trading');
  const [pages, setPages] = useState(1);
  const queries = useMemo(
    () => Array.from({ length: pages }, (_, i) => positionsQuery(type, i + 1)),
    [type, pages],
  );
  const results = useCalls<PositionsAnswer>(queries);
  const first = results[0]!;
  const last = results[results.length - 1]!;
  const rows = useMemo(() => results.flatMap((r) => r.data?.rows ?? []), [results]);
  const symbols = useMemo(() => [...new Set(rows.map((r) => r.tag))], [rows]);
  const { quotes } = useLiveQuotes(symbols, { intervalMs: LIST_POLL_MS, poll: queries });
  const quoteOf = useCallback((tag: string) => quotes[tag] ?? quotes[tag.toUpperCase()], [quotes]);
  const priceOf = useCallback((tag: string) => quoteOf(tag)?.price, [quoteOf]);
  const holdings = useMemo(() => groupLots(rows, priceOf, deployment.currency), [rows, priceOf, deployment.currency]);
  const count = first.data?.count ?? 0;
  const money = (v: number) => formatMoney(v, deployment.currency);

  return (
    <QueryState query={first} errorTitle={t('positions.loadFailed')} prices skeleton={<SkeletonRows rows={4} />}>
      {first.data && <Summary sums={summaryOf(first.data, rows, priceOf, deployment.currency)} money={money} />}
      {holdings.length === 0 ? (
        <EmptyState testId="positions-empty" title={t(`positions.empty.${type}`)} />
      ) : (
        <div className={s.scroll}>
          <table className={s.table} aria-label={t('positions.table')}>
            <thead>
              <tr>
                <th scope="col">{t(`positions.col.${type}`)}</th>
                <th scope="col">{t('positions.colQuantity')}</th>
                <th scope="col">{t('positions.colCost')}</th>
                {/* Value with the P&L under it: five columns of amounts do not fit a phone. */}
                <th scope="col">
                  {t('positions.colValue')}
                  <span className={s.sub}>{t('positions.colPnl')}</span>
                </th>
              </tr>
            </thead>
            {holdings.map((h) => (
              <HoldingRows key={h.tag} holding={h} money={money} />
            ))}
          </table>
        </div>
      )}
      {(rows.length < count || last.isError) && (
        <div className={s.more}>
          <button
            type="button"
            className={s.moreButton}
            disabled={last.isFetching}
            onClick={() => (last.isError ? void last.refetch() : setPages((p) => p + 1))}
            data-testid="load-more"
          >
            {last.isError ? t('common.retry') : t('positions.loadMore')}
          </button>
        </div>
      )}
      {holdings.length > 0 && <HoldingChart holdings={holdings} quoteOf={quoteOf} />}
    </QueryState>
  );
}

function Summary({ sums, money }: { sums: { cost: number; value: number; pnl: number; dayPnl: number }; money: (v: number) => string }) {
  const { t } = useTranslation('trading');
  return (
    <section className={s.summary} aria-label={t('positions.summary')}>
      <dl className={s.sumGrid}>
        <div>
          <dt>{t('positions.invested')}</dt>
          <dd className="num" data-testid="sum-invested">
            {money(sums.cost)}
          </dd>
        </div>
        <div>
          <dt>{t('positions.current')}</dt>
          <dd className="num" data-testid="sum-value">
            {money(sums.value)}
          </dd>
        </div>
        <div>
          <dt>{t('positions.dayPnl')}</dt>
          <dd>
            <Signed value={sums.dayPnl} testId="sum-day-pnl">
              {money(sums.dayPnl)}
            </Signed>
          </dd>
        </div>
        <div>
          <dt>{t('positions.pnl')}</dt>
          <dd>
            <Signed value={sums.pnl} testId="sum-pnl">
              {money(sums.pnl)}
            </Signed>
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** One instrument: its summary line (quantity, average cost, value, P&L) and, opened, each lot. */
function HoldingRows({ holding: h, money }: { holding: Holding; money: (v: number) => string }) {
  const { t } = useTranslation('trading');
  const [open, setOpen] = useState(false);
  const precision = precisionOf({ market: h.market });
  const unit = (v: number) => formatPriceIn(v, h.currency, precision);
  const name = h.name || stripExchangeSuffix(h.tag);
  return (
    <tbody className={s.group} data-testid="holding" data-tag={h.tag}>
      <tr className={s.line}>
        <th scope="row" className={s.who}>
          <Link to={tradingHref(h.tag, h.market, name, 'buy')} className={s.name} aria-label={t('positions.trade', { name })}>
            {name}
          </Link>
          {h.lots.length > 1 ? (
            <button
              type="button"
              className={s.lotsToggle}
              aria-expanded={open}
              aria-label={t(open ? 'positions.hideLots' : 'positions.showLots', { name })}
              onClick={() => setOpen((o) => !o)}
            >
              {t('positions.lots', { count: h.lots.length })}
              <Icon name="chevron" size={14} className={open ? s.chevronOpen : s.chevron} aria-hidden="true" />
            </button>
          ) : (
            <span className={s.code}>{stripExchangeSuffix(h.tag)}</span>
          )}
        </th>
        <td className="num" data-testid="holding-count">
          {h.count}
        </td>
        <td className="num" data-testid="holding-avg">
          {unit(h.avgPrice)}
          <span className={s.sub}>{money(h.cost)}</span>
        </td>
        <td>
          <span className={`${s.value} num`} data-testid="holding-value">
            {h.value === null ? '--' : money(h.value)}
          </span>
          <Signed value={h.pnl} testId="holding-pnl">
            {h.pnl === null ? '--' : money(h.pnl)}
          </Signed>
        </td>
      </tr>
      {open &&
        h.lots.map((l) => (
          <tr key={l.no} className={s.lot} data-testid="lot">
            <th scope="row" className={s.lotNo}>
              <Link to={`/records/${encodeURIComponent(l.no)}`}>{t('positions.lot', { no: l.no })}</Link>
            </th>
            <td className="num">{l.count}</td>
            <td className="num">{unit(l.price)}</td>
            <td>
              <span className={`${s.value} num`}>{l.value === null ? '--' : money(l.value)}</span>
              <Signed value={l.unrealized_pnl}>{l.unrealized_pnl === null ? '--' : money(l.unrealized_pnl)}</Signed>
            </td>
          </tr>
        ))}
    </tbody>
  );
}

/** Search by name or code; a result opens its buy screen. */
function TradeSearch({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('trading');
  const render = useCallback(
    (r: StockRow, close: () => void) => (
      <div onClick={close}>
        <InstrumentRow href={tradingHref(r.stock, r.market, r.name, 'buy')} row={instrumentRowView(r)} />
      </div>
    ),
    [],
  );
  return (
    <SearchDialog<StockRow>
      open={open}
      onClose={onClose}
      title={t('search')}
      placeholder={t('searchPlaceholder')}
      requiredMessage={t('searchRequired')}
      noResultsMessage={t('searchNoResults')}
      search={searchStocks}
      keyOf={(r) => r.stock}
      renderItem={render}
    />
  );
}
