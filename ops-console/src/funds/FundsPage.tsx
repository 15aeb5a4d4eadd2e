import { useMemo, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, failureKey, formatDate, formatMoney, numberLocale, formatTime, StatusBadge, TextField, toast, useCall, useCallMutation, useDeployment, type OpsFund } from '@invest/shared';
import { calls as schemas } from '@invest/shared/forms';
import { opsCalls } from '@invest/shared/ops-calls';
import { atPath } from '@invest/shared/path-params';
import { check } from '../forms/check';
import { ConfirmAction } from '../forms/ConfirmAction';
import { QueuePage } from '../queue/QueuePage';
import { useQueueBatch, useRefreshQueue } from '../queue/queueQuery';
import type { QueueColumn } from '../queue/QueueTable';
import { ColumnFacts } from '../queue/requestColumns';
import { FundForm } from './FundForm';
import q from '../queue/queue.module.css';
import u from './funds.module.css';

/** A fund's state as operators read it: open, due for settlement (open past its term), settled or cancelled. */
const stateOf = (f: OpsFund) => (f.due ? 'due' : f.status);
const TONES = { open: 'done', due: 'pending', settled: 'muted', cancelled: 'failed' } as const;

/** A percent as operators type it, up to its 2 decimals, in the page's language (`4.5`). */
const percentOf = (percent: number) => new Intl.NumberFormat(numberLocale(), { maximumFractionDigits: 2 }).format(percent);

/** A return for the whole term: `4.5 %`. */
export const pct = (percent: number) => `${percentOf(percent)} %`;

/** A return range as the list shows it: `4 – 6.5 %` (returns are for the whole term). */
const rangeOf = (f: Pick<OpsFund, 'min_return' | 'max_return'>) => `${percentOf(f.min_return)} – ${pct(f.max_return)}`;

/**
 * Fund projects (products): every project, newest first, those past their term marked due; a new one is made in the
 * side panel, an open one is settled at term (with a return within its range) or cancelled, each after a
 * confirmation: both pay every active order at once and cannot be undone.
 */
export function FundsPage() {
  const { t } = useTranslation('ops');
  const currency = useDeployment().data?.currency ?? '';
  const batch = useQueueBatch();
  const query = useCall(opsCalls.opsFunds, batch.input);
  const due = query.data?.due ?? 0;
  const columns = useMemo<QueueColumn<OpsFund>[]>(
    () => [
      { id: 'id', header: t('col.id'), value: (r) => r.id, numeric: true },
      { id: 'name', header: t('funds.name'), value: (r) => r.name, wrap: true },
      { id: 'return', header: t('funds.return'), value: (r) => r.max_return, cell: rangeOf, numeric: true },
      { id: 'period', header: t('funds.period'), value: (r) => r.investment_period, cell: (r) => t('funds.days', { count: r.investment_period }), numeric: true },
      {
        id: 'sold',
        header: t('funds.sold'),
        value: (r) => r.sold_amount,
        // What is sold, and under it of how much: two short lines rather than one the table has no room for.
        cell: (r) => (
          <>
            {formatMoney(r.sold_amount, currency)}
            <span className={q.sub}>{t('funds.ofIssue', { issue: formatMoney(r.issue_amount, currency) })}</span>
          </>
        ),
        numeric: true,
      },
      { id: 'status', header: t('col.status'), value: (r) => t(`fundState.${stateOf(r)}`), cell: (r) => <StatusBadge tone={TONES[stateOf(r)]} label={t(`fundState.${stateOf(r)}`)} /> },
      { id: 'ends', header: t('funds.ends'), value: (r) => r.end_time, cell: (r) => formatDate(r.end_time) },
    ],
    [t, currency],
  );
  return (
    <QueuePage
      title={t('funds.title')}
      query={query}
      columns={columns}
      batch={batch}
      live={false}
      emptyText={t('funds.none')}
      notice={
        due > 0 ? (
          <p className={u.due} role="status">
            {t('funds.dueNotice', { count: due })}
          </p>
        ) : null
      }
      create={{ label: t('funds.new'), title: t('funds.newTitle'), form: (done) => <FundForm done={done} /> }}
      detailTitle={(r) => t('funds.detail', { id: r.id })}
      detail={(r) => <FundDetail fund={r} columns={columns} />}
    />
  );
}

function FundDetail({ fund: r, columns }: { fund: OpsFund; columns: QueueColumn<OpsFund>[] }) {
  const { t } = useTranslation('ops');
  const currency = useDeployment().data?.currency ?? '';
  return (
    <>
      <ColumnFacts columns={columns} row={r}>
        <dt>{t('funds.amount')}</dt>
        <dd className="num">{formatMoney(r.amount, currency)}</dd>
        <dt>{t('funds.expected')}</dt>
        <dd className="num">{pct(r.expected_return)}</dd>
        <dt>{t('funds.activeOrders')}</dt>
        <dd className="num">{r.active_orders}</dd>
        <dt>{t('funds.createdAt')}</dt>
        <dd>{formatTime(r.created_at)}</dd>
        {r.settled_at && (
          <>
            <dt>{t('funds.settledAt')}</dt>
            <dd>{t('funds.settledWith', { at: formatTime(r.settled_at), rate: pct(r.return_rate ?? 0) })}</dd>
            <dt>{t('funds.profitPaid')}</dt>
            <dd className="num">{formatMoney(r.profit_paid, currency)}</dd>
          </>
        )}
        {r.cancelled_at && (
          <>
            <dt>{t('funds.cancelledAt')}</dt>
            <dd>{formatTime(r.cancelled_at)}</dd>
            <dt>{t('funds.cancelReason')}</dt>
            <dd>{r.cancel_reason || '—'}</dd>
          </>
        )}
      </ColumnFacts>
      {r.status === 'open' && (
        <>
          {r.due ? <SettleFund fund={r} /> : <p className={u.note}>{t('funds.notDue', { at: formatTime(r.end_time) })}</p>}
          <CancelFund fund={r} />
        </>
      )}
    </>
  );
}

/** Settles a fund past its term with a return within its range: each active order is paid its principal and profit. */
function SettleFund({ fund }: { fund: OpsFund }) {
  const { t } = useTranslation('ops');
  const refresh = useRefreshQueue(opsCalls.opsFunds);
  const [rate, setRate] = useState('');
  const [asking, setAsking] = useState(false);
  const checked = check(schemas.opsFundSettle.input, { return_rate: rate.trim() });
  const outside = checked.data !== null && (checked.data.return_rate < fund.min_return || checked.data.return_rate > fund.max_return);
  const problem = rate.trim() === '' ? null : checked.data === null ? (Object.values(checked.errors)[0] ?? 'fundReturnInvalid') : outside ? 'fundReturnOutOfRange' : null;
  const settling = useCallMutation(atPath(opsCalls.opsFundSettle, { id: fund.id }), {
    onSuccess: (f) => {
      toast(t('funds.settled', { name: f.name, rate: pct(f.return_rate ?? 0) }), 'success');
      setAsking(false);
      refresh();
    },
  });
  return (
    <form
      className={u.action}
      onSubmit={(e) => {
        e.preventDefault();
        if (checked.data && !outside) setAsking(true);
      }}
    >
      <TextField
        label={t('funds.settleRate')}
        value={rate}
        onChange={setRate}
        inputMode="decimal"
        autoComplete="off"
        placeholder={String(fund.expected_return)}
        error={problem ? t(`hint.${problem}`) : null}
      />
      <p className={u.note}>{t('funds.settleHint', { min: pct(fund.min_return), max: pct(fund.max_return) })}</p>
      <Button type="submit" disabled={!checked.data || outside}>
        {t('funds.settle')}
      </Button>
      <ConfirmAction
        open={asking}
        title={t('funds.settleTitle', { name: fund.name })}
        message={t('funds.settleMessage', { rate: pct(checked.data?.return_rate ?? 0), orders: fund.active_orders })}
        confirmLabel={t('funds.settle')}
        busy={settling.isPending}
        error={settling.error ? t(failureKey(settling.error, 'action.failed')) : null}
        onConfirm={() => checked.data && settling.mutate(checked.data)}
        onClose={() => setAsking(false)}
      />
    </form>
  );
}

/** Cancels an open fund, with an optional reason: each active order gets its principal back, without profit. */
function CancelFund({ fund }: { fund: OpsFund }) {
  const { t } = useTranslation('ops');
  const refresh = useRefreshQueue(opsCalls.opsFunds);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const checked = check(schemas.opsFundCancel.input, { reason: reason.trim() || undefined });
  const cancelling = useCallMutation(atPath(opsCalls.opsFundCancel, { id: fund.id }), {
    onSuccess: (f) => {
      toast(t('funds.cancelled', { name: f.name }), 'success');
      setAsking(false);
      refresh();
    },
  });
  const problem = checked.data ? null : (Object.values(checked.errors)[0] ?? 'invalidInput');
  return (
    <div className={u.action}>
      <Button variant="danger" onClick={() => setAsking(true)}>
        {t('funds.cancel')}
      </Button>
      <ConfirmAction
        open={asking}
        title={t('funds.cancelTitle', { name: fund.name })}
        message={t('funds.cancelMessage', { orders: fund.active_orders })}
        confirmLabel={t('funds.cancel')}
        busy={cancelling.isPending}
        error={cancelling.error ? t(failureKey(cancelling.error, 'action.failed')) : problem ? t(`hint.${problem}`) : null}
        onConfirm={() => checked.data && cancelling.mutate(checked.data)}
        onClose={() => setAsking(false)}
      >
        <TextField label={t('funds.cancelReason')} value={reason} onChange={setReason} maxLength={500} autoFocus />
      </ConfirmAction>
    </div>
  );
}
