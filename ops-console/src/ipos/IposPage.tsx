import { useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import {
  Button,
  failureKey,
  formatMoney,
  formatPriceIn,
  formatTime,
  StatusBadge,
  toast,
  useCall,
  useCallMutation,
  useDeployment,
  type IpoAllotment,
  type OpsIpo,
  type StatusTone,
} from '@invest/shared';
import { IPO_ALLOTTABLE, IPO_STATUS_MOVES, ipoIsTba, type IpoStatusName } from '@invest/shared/values/ipo';
import { opsCalls } from '@invest/shared/ops-calls';
import { atPath } from '@invest/shared/path-params';
import { ConfirmAction } from '../forms/ConfirmAction';
import { QueuePage } from '../queue/QueuePage';
import { useQueueBatch, useRefreshQueue } from '../queue/queueQuery';
import type { QueueColumn } from '../queue/QueueTable';
import { ColumnFacts } from '../queue/requestColumns';
import { AllotForm, AllotmentFacts } from './Allotment';
import { IpoForm } from './IpoForm';
import s from '../queue/queue.module.css';

const TONES: Record<IpoStatusName, StatusTone> = { Upcoming: 'pending', Forthcoming: 'done', Closed: 'muted', Allotted: 'done', Cancelled: 'failed' };

/** An issue's status as a chip. */
export function IpoStatusBadge({ status }: { status: IpoStatusName }) {
  const { t } = useTranslation('ops');
  return <StatusBadge tone={TONES[status]} label={t(`ipoStatus.${status}`)} />;
}

/**
 * IPOs (products): every issue, newest first, with its applications; a new one is made in the side panel, a selected
 * one is moved along its statuses and allotted there. The allotment's seed and outcome stay on the issue's page.
 */
export function IposPage() {
  const { t } = useTranslation('ops');
  const batch = useQueueBatch();
  const query = useCall(opsCalls.opsIpos, batch.input);
  // What each allotment run here answered (the list keeps the seed and the totals, not the money moved).
  const [results, setResults] = useState<Record<number, IpoAllotment>>({});
  const columns = useMemo<QueueColumn<OpsIpo>[]>(
    () => [
      { id: 'id', header: t('col.id'), value: (r) => r.id, numeric: true },
      { id: 'symbol', header: t('ipos.symbol'), value: (r) => r.symbol },
      { id: 'status', header: t('col.status'), value: (r) => t(`ipoStatus.${r.status}`), cell: (r) => <IpoStatusBadge status={r.status} /> },
      { id: 'price', header: t('ipos.price'), value: (r) => r.issue_price, cell: (r) => formatPriceIn(r.issue_price, r.currency), numeric: true },
      {
        id: 'dates',
        header: t('ipos.dates'),
        value: (r) => r.issue_start_date,
        // Opening and closing dates one under the other, each whole.
        cell: (r) => (
          <>
            <span className={s.line}>{r.issue_start_date} –</span>
            <span className={s.line}>{r.issue_end_date}</span>
          </>
        ),
      },
      { id: 'applications', header: t('ipos.applications'), value: (r) => r.applications, numeric: true },
    ],
    [t],
  );
  return (
    <QueuePage
      title={t('ipos.title')}
      query={query}
      columns={columns}
      batch={batch}
      live={false}
      emptyText={t('ipos.none')}
      create={{ label: t('ipos.new'), title: t('ipos.newTitle'), form: (done) => <IpoForm done={done} /> }}
      detailTitle={(r) => t('ipos.detail', { id: r.id, symbol: r.symbol })}
      detail={(r) => <IpoDetail ipo={r} columns={columns} result={results[r.id]} onAllotted={(a) => setResults((m) => ({ ...m, [r.id]: a }))} />}
    />
  );
}

function IpoDetail({ ipo: r, columns, result, onAllotted }: { ipo: OpsIpo; columns: QueueColumn<OpsIpo>[]; result?: IpoAllotment; onAllotted: (a: IpoAllotment) => void }) {
  const { t } = useTranslation('ops');
  const currency = useDeployment().data?.currency ?? '';
  const refresh = useRefreshQueue(opsCalls.opsIpos);
  const [cancelling, setCancelling] = useState(false);
  const moving = useCallMutation(atPath(opsCalls.opsIpoStatus, { id: r.id }), {
    onSuccess: (ipo) => {
      toast(t('ipos.moved', { id: ipo.id, status: t(`ipoStatus.${ipo.status}`) }), 'success');
      setCancelling(false);
      refresh();
    },
  });
  const moves = IPO_STATUS_MOVES[r.status];
  const moveError = moving.error ? t(failureKey(moving.error, 'action.failed')) : null;
  return (
    <>
      <ColumnFacts columns={columns} row={r}>
        <dt>{t('ipos.quantity')}</dt>
        <dd className="num">{ipoIsTba(r) ? t('ipos.tba') : t('ipos.range', { min: r.min, max: r.max })}</dd>
        <dt>{t('ipos.company')}</dt>
        <dd>{r.company_name}</dd>
        <dt>{t('ipos.series')}</dt>
        <dd>{r.series}</dd>
        <dt>{t('ipos.market')}</dt>
        <dd>{r.market}</dd>
        <dt>{t('ipos.lot')}</dt>
        <dd className="num">{r.lot}</dd>
        <dt>{t('ipos.applied')}</dt>
        <dd className="num">{r.applied_shares}</dd>
        <dt>{t('ipos.held')}</dt>
        <dd className="num">{formatMoney(r.held, currency)}</dd>
        <dt>{t('ipos.createdAt')}</dt>
        <dd>{formatTime(r.created_at)}</dd>
      </ColumnFacts>
      {moves.length > 0 && (
        <div className={s.actions} role="group" aria-label={t('ipos.moves')}>
          {moves
            .filter((to) => to !== 'Cancelled')
            .map((to) => (
              <Button key={to} variant="secondary" busy={moving.isPending && moving.variables?.status === to} disabled={moving.isPending} onClick={() => moving.mutate({ status: to })}>
                {t(`ipoMove.${to}`)}
              </Button>
            ))}
          {moves.includes('Cancelled') && (
            <Button variant="danger" disabled={moving.isPending} onClick={() => setCancelling(true)}>
              {t('ipoMove.Cancelled')}
            </Button>
          )}
        </div>
      )}
      {moveError && !cancelling && (
        <p className={s.error} role="alert">
          {moveError}
        </p>
      )}
      <ConfirmAction
        open={cancelling}
        title={t('ipos.cancelTitle', { id: r.id, symbol: r.symbol })}
        message={t('ipos.cancelMessage', { n: r.applications })}
        confirmLabel={t('ipoMove.Cancelled')}
        busy={moving.isPending}
        error={moveError}
        onConfirm={() => moving.mutate({ status: 'Cancelled' })}
        onClose={() => setCancelling(false)}
      />
      {IPO_ALLOTTABLE.includes(r.status) && <AllotForm ipo={r} onAllotted={onAllotted} />}
      {(r.status === 'Allotted' || result) && <AllotmentFacts ipo={r} result={result} />}
    </>
  );
}
