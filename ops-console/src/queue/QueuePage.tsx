import { useState, type ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { IconButton, Icon, LIST_POLL_MS, QueryState, SkeletonRows, type LoadedQuery } from '@invest/shared';
import { QueueTable, type QueueColumn } from './QueueTable';
import s from './queue.module.css';

/**
 * A queue's page: its title, the live table of what waits and, beside it, the selected item with what can be done
 * to it (`detail`, given the item and the way to close it). An item that leaves the list (settled here or elsewhere)
 * closes.
 */
export function QueuePage<T extends { id: number }>({
  title,
  query,
  columns,
  detailTitle,
  detail,
}: {
  title: string;
  query: LoadedQuery & { data: { rows: T[]; count: number } | undefined };
  columns: QueueColumn<T>[];
  detailTitle: (row: T) => string;
  detail: (row: T, close: () => void) => ReactNode;
}) {
  const { t } = useTranslation('ops');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const rows = query.data?.rows ?? [];
  const selected = rows.find((r) => String(r.id) === selectedId) ?? null;
  const close = () => setSelectedId(null);
  return (
    <div className={s.page}>
      <div className={s.head}>
        <h1 className={s.title}>{title}</h1>
        <p className={s.live}>{t('table.live', { seconds: LIST_POLL_MS / 1000 })}</p>
      </div>
      <QueryState query={query} skeleton={<SkeletonRows rows={6} />}>
        <div>
          {query.data && query.data.count > rows.length && <p className={s.partial}>{t('table.partial', { shown: rows.length, count: query.data.count })}</p>}
          <QueueTable label={title} rows={rows} columns={columns} rowId={(r) => String(r.id)} selectedId={selectedId} onSelect={(r) => setSelectedId(String(r.id))} />
        </div>
      </QueryState>
      <aside className={s.panel} aria-label={selected ? detailTitle(selected) : title}>
        {selected ? (
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
