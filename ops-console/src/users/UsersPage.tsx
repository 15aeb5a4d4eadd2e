import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, formatDate, formatMoney, IconButton, Icon, Pager, QueryState, SkeletonRows, TextField, useCall, useDeployment, type OpsUserRow } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';
import { ROWS_PER_PAGE, QueueTable, type QueueColumn } from '../queue/QueueTable';
import { UserDetail } from './UserDetail';
import { realNameKey } from './realName';
import s from '../queue/queue.module.css';
import u from './users.module.css';

/**
 * Users as operators find them: by the digits their phone or account number starts with, a page at a time; the
 * selected user's page beside the table (what they have and did, and for an admin, disabling their login).
 */
export function UsersPage() {
  const { t } = useTranslation('ops');
  const currency = useDeployment().data?.currency ?? '';
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const query = useCall(opsCalls.opsUsers, { ...(q ? { q } : {}), page, limit: ROWS_PER_PAGE });
  const rows = query.data?.rows ?? [];
  const columns = useMemo<QueueColumn<OpsUserRow>[]>(
    () => [
      { id: 'phone', header: t('users.phone'), value: (r) => r.user },
      { id: 'no', header: t('users.no'), value: (r) => r.no },
      { id: 'balance', header: t('users.balance'), value: (r) => r.balance, cell: (r) => formatMoney(r.balance, currency), numeric: true },
      { id: 'realName', header: t('users.realName'), value: (r) => t(realNameKey(r.real_name_status)), wrap: true },
      { id: 'disabled', header: t('users.disabled'), value: (r) => (r.disabled_at ? t('users.yes') : t('users.no_')) },
      { id: 'since', header: t('users.since'), value: (r) => r.created_at, cell: (r) => formatDate(r.created_at) },
    ],
    [t, currency],
  );
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(typed.trim());
    setPage(1);
    setSelectedId(null);
  };
  const valid = /^\+?\d*$/.test(typed.trim());
  const selected = rows.find((r) => r.id === selectedId) ?? null;
  return (
    <div className={s.page}>
      <div className={s.head}>
        <h1 className={s.title}>{t('users.title')}</h1>
      </div>
      <div>
        <form className={u.search} role="search" onSubmit={search}>
          <TextField label={t('users.search')} value={typed} onChange={setTyped} inputMode="numeric" maxLength={20} error={valid ? null : t('users.digitsOnly')} />
          <Button type="submit" disabled={!valid}>
            {t('users.find')}
          </Button>
        </form>
        <QueryState query={query} skeleton={<SkeletonRows rows={6} />}>
          <QueueTable
            label={t('users.title')}
            rows={rows}
            columns={columns}
            rowId={(r) => String(r.id)}
            selectedId={selectedId === null ? null : String(selectedId)}
            onSelect={(r) => setSelectedId(r.id)}
            local={false}
            emptyText={t('users.none')}
          />
          <Pager page={page} count={query.data?.count ?? 0} size={ROWS_PER_PAGE} onPage={setPage} busy={query.isFetching} />
        </QueryState>
      </div>
      <aside className={s.panel} aria-label={selected ? t('users.detail', { user: selected.user }) : t('users.title')}>
        {selected ? (
          <>
            <div className={s.panelHead}>
              <h2 className={s.panelTitle}>{t('users.detail', { user: selected.user })}</h2>
              <IconButton label={t('action.close')} onClick={() => setSelectedId(null)}>
                <Icon name="close" size={18} />
              </IconButton>
            </div>
            <UserDetail key={selected.id} id={selected.id} />
          </>
        ) : (
          <p className={s.pick}>{t('table.pick')}</p>
        )}
      </aside>
    </div>
  );
}
