import { Fragment, useMemo, type ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { formatMoney, useDeployment } from '@invest/shared';
import { ageOf, useNow } from './age';
import type { QueueColumn } from './QueueTable';
import s from './queue.module.css';

/** What every money request in a queue has: its number, its user, its amount and when it was made. */
interface MoneyRequest {
  id: number;
  user: string;
  count: number;
  created_at: string;
}

/**
 * A money request queue's columns: number, user and amount, then the queue's own, then the age. One definition, so the
 * queues read alike and the side panel (ColumnFacts) says what the table says.
 */
export function useRequestColumns<T extends MoneyRequest>(own: QueueColumn<T>[]): QueueColumn<T>[] {
  const { t } = useTranslation('ops');
  const currency = useDeployment().data?.currency ?? '';
  const now = useNow(60_000);
  return useMemo(
    () => [
      { id: 'id', header: t('col.id'), value: (r) => r.id, numeric: true },
      { id: 'user', header: t('col.user'), value: (r) => r.user },
      { id: 'amount', header: t('col.amount'), value: (r) => r.count, cell: (r) => formatMoney(r.count, currency), numeric: true },
      ...own,
      { id: 'age', header: t('col.age'), value: (r) => r.created_at, cell: (r) => ageOf(r.created_at, now) },
    ],
    [t, currency, now, own],
  );
}

/**
 * The selected row's columns as the side panel's facts (all but its number, which the panel's title has, and those
 * the panel says its own way), then `children`.
 */
export function ColumnFacts<T extends { id: number | string }>({ columns, row, children }: { columns: QueueColumn<T>[]; row: T; children?: ReactNode }) {
  return (
    <dl className={s.facts}>
      {columns
        .filter((c) => c.id !== 'id' && c.inPanel !== false)
        .map((c) => (
          <Fragment key={c.id}>
            <dt>{c.header}</dt>
            <dd className={c.numeric ? 'num' : undefined}>{c.cell ? c.cell(row) : c.value(row) === '' ? '—' : c.value(row)}</dd>
          </Fragment>
        ))}
      {children}
    </dl>
  );
}
