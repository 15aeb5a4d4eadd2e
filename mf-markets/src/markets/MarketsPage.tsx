import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { useSearchParams } from 'react-router-dom';
import { DataState, StaleNotice, Icon, IconButton, pageCount, PageHeader, Pager, SkeletonRows, stockHref, Tabs, useCategories, LIST_POLL_MS, useLiveQuotes } from '@invest/shared';
import { InstrumentListHead, InstrumentRow, instrumentRowView } from '@invest/shared/instruments';
import { IndexCard, indexQuote } from '../components/IndexCard';
import { MarketStatus, SimulatedNote } from '../components/MarketStatus';
import { StockSearch } from '../components/StockSearch';
import { useIndexLines } from '../lib/indexLines';
import { MARKETS_PAGE_SIZE, useStockPage } from '../lib/useStockPage';
import s from './markets.module.css';

export function MarketsPage() {
  const { t } = useTranslation('markets');
  const [params, setParams] = useSearchParams();
  const [searching, setSearching] = useState(false);
  const regions = useCategories();
  const { categories } = regions;

  // Region, index and page live in the URL, so coming back from a stock returns to the same place.
  const region = categories.find((c) => String(c.category_id) === params.get('region')) ?? categories[0];
  const index = region?.stocks.find((x) => x.stock_code === params.get('index')) ?? region?.stocks[0];
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const update = (next: { region?: number; index?: string; page?: number }) => {
    const p = new URLSearchParams();
    p.set('region', String(next.region ?? region?.category_id ?? ''));
    if (next.index ?? index?.stock_code) p.set('index', next.index ?? index!.stock_code);
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };

  const symbol = index?.stock_code ?? null;
  const members = useStockPage(symbol, page);
  const { rows, count, changing } = members;
  const indexSymbols = useMemo(() => (symbol ? [symbol] : []), [symbol]);
  const { lines, queries, trouble: lineTrouble, asOf } = useIndexLines(indexSymbols);
  const liveSymbols = useMemo(() => [...indexSymbols, ...rows.map((r) => r.stock)], [indexSymbols, rows]);
  const { quotes } = useLiveQuotes(liveSymbols, { intervalMs: LIST_POLL_MS, poll: [...queries, members.query] });
  const q = symbol ? indexQuote(lines[symbol], quotes[symbol]) : undefined;
  const lastPage = pageCount(count, MARKETS_PAGE_SIZE);
  // A page past the end (a stale link, or the list shrank): go to the last one.
  useEffect(() => {
    if (members.ready && !changing && count > 0 && page > lastPage) update({ page: lastPage });
  });

  return (
    <div className={s.page}>
      <PageHeader
        title={t('titles.markets')}
        right={
          <IconButton label={t('search.open')} onClick={() => setSearching(true)}>
            <Icon name="search" />
          </IconButton>
        }
      />
      {categories.length > 0 && region && (
        <>
          <div className={s.regions}>
            <Tabs
              label={t('region')}
              variant="pills"
              items={categories.map((c) => ({ value: c.category_id, label: c.category_name }))}
              value={region.category_id}
              onChange={(id) => update({ region: id, index: categories.find((c) => c.category_id === id)?.stocks[0]?.stock_code })}
            />
          </div>
          {region.stocks.length > 0 && index && (
            <Tabs
              label={t('indices')}
              items={region.stocks.map((x) => ({ value: x.stock_code, label: x.stock_name }))}
              value={index.stock_code}
              onChange={(code) => update({ index: code })}
              className={s.indexTabs}
            />
          )}
        </>
      )}
      <DataState ready={regions.ready} trouble={regions.trouble} onRetry={regions.retry} skeleton={<SkeletonRows rows={4} />}>
        {categories.length === 0 && <p className={s.muted}>{t('noIndices')}</p>}
      </DataState>

      {index && (
        <>
          <div className={s.cardWrap}>
            <IndexCard symbol={index.stock_code} name={index.stock_name} line={lines[index.stock_code]} live={quotes[index.stock_code]} variant="wide" />
            <div className={s.cardFoot}>
              {/* A price that is not current never sits beside "Market open": the notice says how old it is. */}
              {q && lineTrouble ? <StaleNotice reason={lineTrouble} since={asOf} inline /> : q ? <MarketStatus open={q.marketOpen} /> : <span />}
              {(q?.simulated ?? true) && <SimulatedNote />}
            </div>
          </div>

          <section aria-label={t('members')} className={s.list}>
            <h2 className={s.listTitle}>{t('members')}</h2>
            <InstrumentListHead name={t('col.name')} price={t('col.price')} change={t('col.change')} />
            <DataState
              ready={members.ready}
              trouble={members.trouble}
              since={members.since}
              onRetry={members.retry}
              busy={members.busy}
              skeleton={<SkeletonRows rows={6} />}
            >
              {rows.length === 0 ? (
                <p className={s.muted}>{t('noStocks')}</p>
              ) : (
                <ul className={`${s.rows} ${changing ? s.stale : ''}`} aria-busy={changing || undefined}>
                  {rows.map((r) => (
                    <li key={r.stock}>
                      <InstrumentRow row={instrumentRowView(r, quotes[r.stock])} href={stockHref(r.stock, r.name)} />
                    </li>
                  ))}
                </ul>
              )}
            </DataState>
            <div className={s.pager}>
              <Pager page={page} count={count} size={MARKETS_PAGE_SIZE} busy={changing} onPage={(p) => update({ page: p })} />
            </div>
          </section>
        </>
      )}
      <StockSearch open={searching} onClose={() => setSearching(false)} />
    </div>
  );
}
