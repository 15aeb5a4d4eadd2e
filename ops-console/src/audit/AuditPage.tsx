import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, failureKey, formatTime, Pager, QueryState, SkeletonRows, TextField, toast, useCall, useCallMutation, type CallInput, type CallOutput } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';
import { ROWS_PER_PAGE, QueueTable, type QueueColumn } from '../queue/QueueTable';
import { downloadText } from './download';
import s from '../queue/queue.module.css';
import a from './audit.module.css';

type AuditRow = CallOutput<typeof opsCalls.opsAudit>['rows'][number];
type Filters = CallInput<typeof opsCalls.opsAuditExport>;

/** A datetime-local field's value as the ISO instant the API takes (in the operator's zone); empty: no bound. */
const isoOf = (local: string): string | undefined => {
  const ms = local ? Date.parse(local) : NaN;
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
};

/** The fields of the filter form, as typed. */
const NO_FILTER = { action: '', operator: '', target: '', from: '', to: '' };

/** The filters the API takes: only the fields filled in. */
function filtersOf(form: typeof NO_FILTER): Filters {
  const f: Filters = {};
  if (form.action.trim()) f.action = form.action.trim();
  if (form.operator.trim()) f.operator = form.operator.trim();
  if (form.target.trim()) f.target = form.target.trim();
  const from = isoOf(form.from);
  const to = isoOf(form.to);
  if (from) f.from = from;
  if (to) f.to = to;
  return f;
}

/**
 * The audit log (admin): every operator action, newest first, filtered by action prefix, operator, target and time, a
 * page at a time; "Export CSV" downloads what the same filters match.
 */
export function AuditPage() {
  const { t } = useTranslation('ops');
  const [form, setForm] = useState(NO_FILTER);
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const query = useCall(opsCalls.opsAudit, { ...filters, page, limit: ROWS_PER_PAGE });
  const exporting = useCallMutation(opsCalls.opsAuditExport, {
    onSuccess: (r) => {
      downloadText(r.csv, `audit-${new Date().toISOString().slice(0, 10)}.csv`, 'text/csv');
      toast(r.truncated ? t('audit.exportedPart', { rows: r.rows }) : t('audit.exported', { rows: r.rows }), 'success');
    },
  });
  const columns = useMemo<QueueColumn<AuditRow>[]>(
    () => [
      { id: 'time', header: t('audit.time'), value: (r) => r.created_at, cell: (r) => formatTime(r.created_at) },
      { id: 'operator', header: t('audit.operator'), value: (r) => r.operator ?? '—' },
      { id: 'action', header: t('audit.action'), value: (r) => r.action },
      { id: 'target', header: t('audit.target'), value: (r) => r.target ?? '—' },
      { id: 'detail', header: t('audit.detail'), value: (r) => (r.detail ? JSON.stringify(r.detail) : ''), cell: (r) => <code className={a.detail}>{r.detail ? JSON.stringify(r.detail) : ''}</code> },
    ],
    [t],
  );
  const field = (name: keyof typeof NO_FILTER) => (value: string) => setForm((f) => ({ ...f, [name]: value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(filtersOf(form));
    setPage(1);
  };
  return (
    <div className={a.page}>
      <div className={s.head}>
        <h1 className={s.title}>{t('audit.title')}</h1>
      </div>
      <form className={a.filters} onSubmit={apply} aria-label={t('audit.filters')}>
        <TextField label={t('audit.action')} value={form.action} onChange={field('action')} placeholder="withdrawal." maxLength={64} />
        <TextField label={t('audit.operator')} value={form.operator} onChange={field('operator')} maxLength={64} />
        <TextField label={t('audit.target')} value={form.target} onChange={field('target')} maxLength={64} />
        <TextField label={t('audit.from')} type="datetime-local" value={form.from} onChange={field('from')} />
        <TextField label={t('audit.to')} type="datetime-local" value={form.to} onChange={field('to')} />
        <div className={a.buttons}>
          <Button type="submit">{t('audit.apply')}</Button>
          <Button variant="secondary" busy={exporting.isPending} onClick={() => exporting.mutate(filters)}>
            {t('audit.export')}
          </Button>
        </div>
      </form>
      {exporting.error && (
        <p className={s.error} role="alert">
          {t(failureKey(exporting.error, 'action.failed'))}
        </p>
      )}
      <QueryState query={query} skeleton={<SkeletonRows rows={6} />}>
        <QueueTable label={t('audit.title')} rows={query.data?.rows ?? []} columns={columns} rowId={(r) => String(r.id)} selectedId={null} onSelect={() => {}} local={false} emptyText={t('audit.none')} />
        <Pager page={page} count={query.data?.count ?? 0} size={ROWS_PER_PAGE} onPage={setPage} busy={query.isFetching} />
      </QueryState>
    </div>
  );
}
