import { useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Link } from 'react-router-dom';
import {
  callQuery,
  calls,
  ConfirmDialog,
  DataState,
  Icon,
  keepPreviousData,
  LIST_POLL_MS,
  PageHeader,
  Pager,
  SkeletonRows,
  stockHref,
  toast,
  troubleOf,
  useCallMutation,
  useCategories,
  useLiveQuotes,
  useQuery,
  useQueryClient,
  type WatchEntry,
} from '@invest/shared';
import { InstrumentListHead, InstrumentRow, watchEntryRowView } from '@invest/shared/instruments';
import { IndexCard } from '../components/IndexCard';
import { useIndexLines } from '../lib/indexLines';
import s from './watchlists.module.css';

export const WATCHLIST_PAGE_SIZE = 10;

/** The watchlist: index tiles of the first category, then the favourites, paged by 10, with an edit mode to remove. */
export function WatchlistsPage() {
  const { t } = useTranslation('markets');
  const { categories } = useCategories();
  const tiles = categories[0]?.stocks;
  const tileSymbols = useMemo(() => (tiles ?? []).map((x) => x.stock_code), [tiles]);
  const { lines, queries } = useIndexLines(tileSymbols);

  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState<WatchEntry | null>(null);
  const favourites = callQuery(calls.collectionList, { page, pageSize: WATCHLIST_PAGE_SIZE }, { placeholderData: keepPreviousData });
  const q = useQuery(favourites);
  const list = useMemo(() => q.data?.list ?? [], [q.data]);
  const total = q.data?.total ?? 0;
  // The last row of a page was removed: show the page before (the next answer is a placeholder until it comes).
  if (q.data && !q.isPlaceholderData && q.data.list.length === 0 && page > 1 && q.data.total > 0) setPage(page - 1);

  const liveSymbols = useMemo(() => [...tileSymbols, ...list.map((x) => x.stock_code)], [tileSymbols, list]);
  // No refresh under the user's finger while a removal is being confirmed.
  const { quotes } = useLiveQuotes(liveSymbols, { intervalMs: LIST_POLL_MS, poll: [...queries, favourites], enabled: !removing });

  const client = useQueryClient();
  const remove = useCallMutation(calls.collectionRemove, {
    onSuccess: async () => {
      setRemoving(null);
      toast(t('watch.removed'), 'success');
      await Promise.all([
        client.invalidateQueries({ queryKey: [calls.collectionList.path] }),
        client.invalidateQueries({ queryKey: [calls.collectionCheck.path] }),
      ]);
    },
    onError: () => toast(t('watch.deleteFailed'), 'error'),
  });

  return (
    <div className={s.page}>
      <PageHeader
        title={t('titles.watchlists')}
        right={
          list.length > 0 || editing ? (
            <button type="button" className={s.edit} aria-pressed={editing} onClick={() => setEditing((v) => !v)} data-testid="watch-edit">
              {editing ? t('watch.done') : t('watch.edit')}
            </button>
          ) : null
        }
      />

      {tiles && tiles.length > 0 && (
        <div className={s.tiles} aria-label={t('indices')}>
          {tiles.map((x) => (
            <div key={x.stock_code} className={s.tile}>
              <IndexCard symbol={x.stock_code} name={x.stock_name} line={lines[x.stock_code]} live={quotes[x.stock_code]} variant="tile" />
            </div>
          ))}
        </div>
      )}

      <section aria-labelledby="watch-title">
        <h2 id="watch-title" className={s.title}>
          {t('watch.title')}
          {total > 0 && <span className={`${s.count} num`}>{total}</span>}
        </h2>
        <DataState ready={q.data !== undefined} trouble={troubleOf(q)} since={q.dataUpdatedAt} onRetry={() => void q.refetch()} busy={q.isFetching} skeleton={<SkeletonRows rows={5} />}>
          {list.length === 0 ? (
            <div className={s.empty} data-testid="watch-empty">
              <span className={s.emptyIcon}>
                <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true">
                  <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
                </svg>
              </span>
              <p className={s.emptyTitle}>{t('watch.empty')}</p>
              <p className={s.emptyHint}>{t('watch.emptyHint')}</p>
              <Link to="/markets" className={s.browse}>
                {t('watch.browse')}
              </Link>
            </div>
          ) : (
            <>
              <InstrumentListHead name={t('col.name')} price={t('col.price')} change={t('col.change')} />
              <ul className={s.rows} data-editing={editing || undefined}>
                {list.map((e) => (
                  <li key={e.stock_code}>
                    <InstrumentRow
                      href={editing ? null : stockHref(e.stock_code, e.stock_name)}
                      row={watchEntryRowView(e, quotes[e.stock_code])}
                      action={
                        <button
                          type="button"
                          className={s.delete}
                          aria-label={t('watch.deleteOne', { name: e.stock_name })}
                          onClick={() => setRemoving(e)}
                        >
                          <Icon name="trash" size={20} />
                        </button>
                      }
                    />
                  </li>
                ))}
              </ul>
              <div className={s.pager}>
                <Pager page={page} count={total} size={WATCHLIST_PAGE_SIZE} busy={q.isPlaceholderData} onPage={setPage} />
              </div>
            </>
          )}
        </DataState>
      </section>

      <ConfirmDialog
        open={removing !== null}
        title={t('watch.deleteTitle')}
        message={t('watch.deleteConfirm')}
        confirmLabel={t('watch.delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => removing && !remove.isPending && remove.mutate({ symbol: removing.stock_code })}
        onCancel={() => !remove.isPending && setRemoving(null)}
      />
    </div>
  );
}
