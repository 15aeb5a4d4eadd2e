import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  call,
  calls,
  EmptyState,
  InstrumentRow,
  instrumentRowView,
  SkeletonRows,
  stockHref,
  Tabs,
  LIST_POLL_MS,
  useLiveQuotes,
  type Market,
  type StockRow,
} from '@invest/shared';
import s from './account.module.css';

/** The spec's account market tabs: stock, currency, FUTURE and CGI, three instruments each. */
export const ACCOUNT_MARKET_ROWS = 3;
const TABS = ['stock', 'currency', 'futures', 'treasury'] as const;
type Tab = (typeof TABS)[number];

/** Stocks follow the deployment: Indian stocks for INR, US stocks otherwise. */
function marketOf(tab: Tab, currency: string): Market {
  if (tab === 'stock') return currency === 'INR' ? 'IN' : 'US';
  return tab === 'currency' ? 'FOREX' : tab === 'futures' ? 'FUTURE' : 'CGI';
}

export function AccountMarkets({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('stock');
  const [rows, setRows] = useState<StockRow[] | null>(null);
  const market = marketOf(tab, currency);

  const load = useCallback(async () => {
    try {
      const r = await call(calls.stockList, { market, page: 1, limit: ACCOUNT_MARKET_ROWS });
      setRows(r.rows);
    } catch (e) {
      // Lists fail quietly (spec §8): logged, and shown empty.
      console.warn('[mf-account] market list failed to load', e);
      setRows([]);
    }
  }, [market]);
  useEffect(() => {
    void load();
  }, [load]);
  // Prices move by the quote stream; without it the list reloads every 5 s (spec §9).
  const symbols = useMemo(() => (rows ?? []).map((r) => r.stock), [rows]);
  const { quotes } = useLiveQuotes(symbols, { intervalMs: LIST_POLL_MS, poll: load });

  return (
    <section className={s.markets} aria-label={t('account.markets')}>
      <Tabs
        label={t('account.markets')}
        items={TABS.map((value) => ({ value, label: t(`account.marketTabs.${value}`) }))}
        value={tab}
        onChange={(v) => {
          setTab(v);
          setRows(null);
        }}
        fill
      />
      {rows === null ? (
        <SkeletonRows rows={ACCOUNT_MARKET_ROWS} />
      ) : rows.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className={s.marketRows}>
          {rows.map((r) => (
            <li key={r.stock}>
              <InstrumentRow row={instrumentRowView(r, quotes[r.stock])} href={stockHref(r.stock, r.name)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
