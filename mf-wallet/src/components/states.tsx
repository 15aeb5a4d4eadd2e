import type { ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { Pager, QueryState, SkeletonRows, type LoadedQuery } from '@invest/shared';
import w from './wallet.module.css';

/**
 * The bills, the recharge and withdraw records and the loan records are one kind of list: a page of rows (faded and
 * aria-busy while the next page loads over it), its pager, or the empty state.
 */
export function PagedList({
  query,
  skeletonRows,
  label,
  empty,
  page,
  size,
  onPage,
  children,
}: {
  query: LoadedQuery & { data: { rows: readonly unknown[]; count: number } | undefined; isPlaceholderData: boolean };
  skeletonRows: number;
  /** The list's accessible name, translated. */
  label: string;
  empty: ReactNode;
  page: number;
  size: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('wallet');
  const changing = query.isPlaceholderData;
  return (
    <QueryState query={query} skeleton={<SkeletonRows rows={skeletonRows} />} errorTitle={t('loadFailed')}>
      {!query.data?.rows.length ? (
        empty
      ) : (
        <>
          <ul className={changing ? `${w.rows} ${w.stale}` : w.rows} aria-busy={changing || undefined} aria-label={label}>
            {children}
          </ul>
          <div className={w.pager}>
            <Pager page={page} count={query.data.count} size={size} busy={changing} onPage={onPage} />
          </div>
        </>
      )}
    </QueryState>
  );
}
