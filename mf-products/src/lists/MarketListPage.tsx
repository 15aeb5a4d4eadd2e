import { useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { callQuery, calls, LIST_POLL_MS, QueryState, SkeletonRows, STOCK_LIST_MAX, useLiveQuotes, useQuery } from '@invest/shared';
import { CodeSearch } from '../components/CodeSearch';
import { ProductPage } from '../components/ProductPage';
import { InstrumentList } from './InstrumentList';
import s from '../components/products.module.css';

type Kind = 'futures' | 'treasury';
const MARKET_OF = { futures: 'FUTURE', treasury: 'CGI' } as const;

/** Futures or treasury bonds: the spec's list helper (GET /v2/stock/list with the market), searched by code. */
function MarketList({ kind }: { kind: Kind }) {
  const { t } = useTranslation('products');
  const [code, setCode] = useState('');
  // A market has a few dozen instruments at most: one page holds them all.
  const query = callQuery(calls.stockList, { market: MARKET_OF[kind], page: 1, limit: STOCK_LIST_MAX, ...(code && { code }) });
  const q = useQuery(query);
  const rows = useMemo(() => q.data?.rows ?? [], [q.data]);
  const symbols = useMemo(() => rows.map((r) => r.stock), [rows]);
  const { quotes } = useLiveQuotes(symbols, { intervalMs: LIST_POLL_MS, poll: [query] });

  return (
    <ProductPage title={`titles.${kind}`} link={{ to: `/trade-no-nav/${kind}/ok`, label: 'lists.positions' }}>
      <CodeSearch onSearch={setCode} />
      <QueryState query={q} prices skeleton={<SkeletonRows rows={6} />} errorTitle={t(code ? 'search.failed' : `lists.${kind}.loadFailed`)}>
        {rows.length === 0 ? (
          <p className={s.muted} data-testid="list-empty">
            {t(code ? `lists.${kind}.noMatch` : `lists.${kind}.empty`)}
          </p>
        ) : (
          <InstrumentList rows={rows} quotes={quotes} label={t(`titles.${kind}`)} />
        )}
      </QueryState>
    </ProductPage>
  );
}

export function FuturesPage() {
  return <MarketList kind="futures" />;
}

export function TreasuryPage() {
  return <MarketList kind="treasury" />;
}
