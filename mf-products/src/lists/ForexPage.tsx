import { useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, callQuery, calls, DataState, FOREX_PAGE_SIZE, LIST_POLL_MS, SkeletonRows, troubleOf, useCalls, useLiveQuotes, type StockRow } from '@invest/shared';
import { CodeSearch } from '../components/CodeSearch';
import { ProductPage } from '../components/ProductPage';
import { InstrumentList } from './InstrumentList';
import { useInfiniteTrigger } from './useInfiniteTrigger';
import s from '../components/products.module.css';

/** Forex pairs (GET /v2/currency/list), 10 at a time as the list's end nears the bottom, searched by code. */
export function ForexPage() {
  const { t } = useTranslation('products');
  const [search, setSearch] = useState({ code: '', pages: 1 });
  const { code, pages } = search;
  const queries = useMemo(
    () => Array.from({ length: pages }, (_, i) => callQuery(calls.currencyList, { page: i + 1, limit: FOREX_PAGE_SIZE, ...(code && { code }) })),
    [code, pages],
  );
  const results = useCalls(queries);
  const first = results[0]!;
  const last = results[results.length - 1]!;
  const rows = useMemo(() => {
    // A pair that moved between pages while they loaded is shown once.
    const seen = new Set<string>();
    return results.flatMap((r) => r.data?.rows ?? []).filter((r) => !seen.has(r.stock) && seen.add(r.stock)) as StockRow[];
  }, [results]);
  const count = last.data?.count ?? first.data?.count ?? 0;
  const hasMore = last.data !== undefined && pages * FOREX_PAGE_SIZE < count;
  const loadingMore = pages > 1 && last.data === undefined && !last.error;
  const moreFailed = pages > 1 && last.data === undefined && last.error !== null;
  const symbols = useMemo(() => rows.map((r) => r.stock), [rows]);
  const { quotes } = useLiveQuotes(symbols, { intervalMs: LIST_POLL_MS, poll: queries });
  const sentinel = useInfiniteTrigger<HTMLDivElement>(hasMore, pages, () => setSearch((v) => ({ ...v, pages: v.pages + 1 })));

  return (
    <ProductPage title="titles.forex" link={{ to: '/trade-no-nav/forex/1', label: 'lists.positions' }}>
      <CodeSearch onSearch={(next) => setSearch((v) => (v.code === next ? v : { code: next, pages: 1 }))} />
      <DataState
        ready={first.data !== undefined}
        trouble={troubleOf(first)}
        since={first.dataUpdatedAt || undefined}
        onRetry={() => void first.refetch()}
        busy={first.isFetching}
        skeleton={<SkeletonRows rows={6} />}
        errorTitle={t(code ? 'search.failed' : 'lists.forex.loadFailed')}
      >
        {rows.length === 0 ? (
          <p className={s.muted} data-testid="list-empty">
            {t(code ? 'lists.forex.noMatch' : 'lists.forex.empty')}
          </p>
        ) : (
          <>
            <InstrumentList rows={rows} quotes={quotes} label={t('titles.forex')} />
            <div ref={sentinel} className={s.sentinel} data-testid="list-end" />
            {loadingMore && (
              <p className={s.more} role="status">
                {t('lists.loadingMore')}
              </p>
            )}
            {moreFailed && (
              <div className={s.more}>
                <Button variant="secondary" onClick={() => void last.refetch()}>
                  {t('lists.loadMoreFailed')}
                </Button>
              </div>
            )}
            {!hasMore && !loadingMore && !moreFailed && <p className={s.footNote}>{t('lists.end')}</p>}
          </>
        )}
      </DataState>
    </ProductPage>
  );
}
