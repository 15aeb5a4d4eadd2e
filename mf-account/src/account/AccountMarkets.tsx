import { useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import {
  callQuery,
  calls,
  DataState,
  EmptyState,
  LIST_POLL_MS,
  SkeletonRows,
  stockHref,
  Tabs,
  troubleOf,
  useLiveQuotes,
  useQuery,
  type Market,
} from '@invest/shared';
import { InstrumentRow, instrumentRowView } from '@invest/shared/instruments';
import s from './account.module.css';

/** The spec's account market tabs: stock, currency, FUTURE and CGI, three instruments each. */
export const ACCOUNT_MARKET_ROWS = 3;
const TABS = ['stock', 'currency', 'futures', 'treasury'] as const;
type Tab = (typeof TABS)[number];

const MARKET_OF: Record<Exclude<Tab, 'stock'>, Market> = { currency: 'FOREX', futures: 'FUTURE', treasury: 'CGI' };

/**
 * Three instruments of the chosen market. Each tab is its own query (its key holds the market), so a slow answer
 * for a tab the user has left is kept for that tab and never shown under another.
 */
export function AccountMarkets({ stockMarket }: { stockMarket: Market }) {
  const { t } = useTranslation('account');
  const [tab, setTab] = useState<Tab>('stock');
  const market = tab === 'stock' ? stockMarket : MARKET_OF[tab];
  const list = callQuery(calls.stockList, { market, page: 1, limit: ACCOUNT_MARKET_ROWS });
  const q = useQuery(list);
  const rows = q.data?.rows;
  // Prices move by the quote stream; without it the list reloads every 5 s (spec §9).
  const symbols = useMemo(() => (rows ?? []).map((r) => r.stock), [rows]);
  const { quotes } = useLiveQuotes(symbols, { intervalMs: LIST_POLL_MS, poll: [list] });

  return (
    <section className={s.markets} aria-label={t('account.markets')}>
      <Tabs
        label={t('account.markets')}
        items={TABS.map((value) => ({ value, label: t(`account.marketTabs.${value}`) }))}
        value={tab}
        onChange={setTab}
        fill
      />
      <DataState
        ready={rows !== undefined}
        trouble={troubleOf(q)}
        since={q.dataUpdatedAt}
        onRetry={() => void q.refetch()}
        busy={q.isFetching}
        skeleton={<SkeletonRows rows={ACCOUNT_MARKET_ROWS} />}
      >
        {rows?.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className={s.marketRows}>
            {rows?.map((r) => (
              <li key={r.stock}>
                <InstrumentRow row={instrumentRowView(r, quotes[r.stock])} href={stockHref(r.stock, r.name)} />
              </li>
            ))}
          </ul>
        )}
      </DataState>
    </section>
  );
}
