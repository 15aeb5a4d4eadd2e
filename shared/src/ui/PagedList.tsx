import type { ReactNode } from 'react';
import { Pager, pageCount } from './Pager';
import { SkeletonRows } from './Skeleton';
import { QueryState, type LoadedQuery } from './states';
import s from './pagedList.module.css';

/**
 * A page of rows from a paged call (bills, records, orders): the skeleton, the failure with its retry, the empty
 * state, or the rows — faded and aria-busy while the next page loads over them — with their pager when there is more
 * than one page (a lone "Page 1/1" between two dead buttons only takes room).
 */
export function PagedList({
  query,
  skeletonRows,
  errorTitle,
  label,
  empty,
  page,
  size,
  onPage,
  children,
}: {
  query: LoadedQuery & { data: { rows: readonly unknown[]; count: number } | undefined; isPlaceholderData: boolean };
  skeletonRows: number;
  /** Translated. */
  errorTitle: string;
  /** The list's accessible name, translated. */
  label: string;
  empty: ReactNode;
  page: number;
  size: number;
  onPage: (page: number) => void;
  /** The rows, each an `<li>`. */
  children: ReactNode;
}) {
  const changing = query.isPlaceholderData;
  return (
    <QueryState query={query} skeleton={<SkeletonRows rows={skeletonRows} />} errorTitle={errorTitle}>
      {!query.data?.rows.length ? (
        empty
      ) : (
        <>
          <ul className={changing ? `${s.rows} ${s.stale}` : s.rows} aria-busy={changing || undefined} aria-label={label}>
            {children}
          </ul>
          {(page > 1 || pageCount(query.data.count, size) > 1) && (
            <div className={s.pager}>
              <Pager page={page} count={query.data.count} size={size} busy={changing} onPage={onPage} />
            </div>
          )}
        </>
      )}
    </QueryState>
  );
}
