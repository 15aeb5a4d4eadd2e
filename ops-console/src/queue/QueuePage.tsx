import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, IconButton, Icon, LIST_POLL_MS, pageCount, QueryState, SkeletonRows, type LoadedQuery } from '@invest/shared';
import { QUEUE_LIMIT, type QueueBatch } from './queueQuery';
import { QueueTable, type QueueColumn } from './QueueTable';
import s from './queue.module.css';

/** A page that also makes new items (an offer, an issue, a fund): the button, and the form it opens in the side panel. */
export interface QueueCreate {
  /** The button above the table. */
  label: string;
  /** The side panel's title while the form is open. */
  title: string;
  /** The form; `done(id)` closes it and selects the item made (once the list has it), `done()` only closes it. */
  form: (done: (createdId?: number | string) => void) => ReactNode;
}

/**
 * A queue's page: its title, the live table of what waits and, beside it, the selected item with what can be done
 * to it (`detail`, given the item and the way to close it). An item that leaves the list (settled here or elsewhere)
 * closes. A queue longer than QUEUE_LIMIT is read a batch at a time (`batch`: the API pages it, newest first).
 */
export function QueuePage<T extends { id: number | string }>({
  title,
  query,
  columns,
  detailTitle,
  detail,
  batch,
  live = true,
  emptyText,
  create,
  notice,
}: {
  title: string;
  query: LoadedQuery & { data: { rows: T[]; count: number } | undefined };
  columns: QueueColumn<T>[];
  detailTitle: (row: T) => string;
  detail: (row: T, close: () => void) => ReactNode;
  batch?: QueueBatch;
  /** false: a list that is not polled (what operators make themselves), so the page does not say it is live. */
  live?: boolean;
  /** What an empty table says (a queue: nothing is waiting). */
  emptyText?: string;
  create?: QueueCreate;
  /** A line above the table (what needs attention). */
  notice?: ReactNode;
}) {
  const { t } = useTranslation('ops');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const rows = query.data?.rows ?? [];
  const selected = creating ? null : (rows.find((r) => String(r.id) === selectedId) ?? null);
  const close = () => setSelectedId(null);
  const count = query.data?.count;
  const pages = pageCount(count ?? 0, QUEUE_LIMIT);
  // A batch emptied by decisions (here or by another operator): the last one that has rows.
  useEffect(() => {
    if (batch && count !== undefined && batch.page > pages) batch.setPage(pages);
  }, [batch, count, pages]);
  const select = (row: T) => {
    setCreating(false);
    setSelectedId(String(row.id));
  };
  const done = (createdId?: number | string) => {
    setCreating(false);
    if (createdId !== undefined) {
      setSelectedId(String(createdId));
      batch?.setPage(1);
    }
  };
  const first = batch ? (batch.page - 1) * QUEUE_LIMIT + 1 : 1;
  return (
    <div className={s.page}>
      <div className={s.head}>
        <h1 className={s.title}>{title}</h1>
        {live && <p className={s.live}>{t('table.live', { seconds: LIST_POLL_MS / 1000 })}</p>}
        {create && (
          <Button
            className={s.create}
            onClick={() => {
              setSelectedId(null);
              setCreating(true);
            }}
            aria-pressed={creating}
          >
            {create.label}
          </Button>
        )}
      </div>
      <QueryState query={query} skeleton={<SkeletonRows rows={6} />}>
        <div className={s.listColumn}>
          {notice}
          {batch && count !== undefined && (count > QUEUE_LIMIT || batch.page > 1) && (
            <div className={s.batch}>
              <p className={s.partial}>{t('table.batch', { from: first, to: first + rows.length - 1, count })}</p>
              <Button variant="secondary" disabled={batch.page <= 1} onClick={() => batch.setPage(batch.page - 1)}>
                {t('table.newer')}
              </Button>
              <Button variant="secondary" disabled={batch.page >= pages} onClick={() => batch.setPage(batch.page + 1)}>
                {t('table.older')}
              </Button>
            </div>
          )}
          <QueueTable label={title} rows={rows} columns={columns} rowId={(r) => String(r.id)} selectedId={selected ? selectedId : null} onSelect={select} emptyText={emptyText} />
        </div>
      </QueryState>
      <aside className={s.panel} aria-label={creating && create ? create.title : selected ? detailTitle(selected) : title}>
        {creating && create ? (
          <>
            <div className={s.panelHead}>
              <h2 className={s.panelTitle}>{create.title}</h2>
              <IconButton label={t('action.close')} onClick={() => setCreating(false)}>
                <Icon name="close" size={18} />
              </IconButton>
            </div>
            {create.form(done)}
          </>
        ) : selected ? (
          <>
            <div className={s.panelHead}>
              <h2 className={s.panelTitle}>{detailTitle(selected)}</h2>
              <IconButton label={t('action.close')} onClick={close}>
                <Icon name="close" size={18} />
              </IconButton>
            </div>
            <div key={selected.id}>{detail(selected, close)}</div>
          </>
        ) : (
          <p className={s.pick}>{t('table.pick')}</p>
        )}
      </aside>
    </div>
  );
}
