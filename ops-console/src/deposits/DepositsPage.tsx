import { useMemo } from 'react';
import { useTranslation } from '@invest/runtime';
import { formatMoney, RECHARGE_STATUS, useCall, useDeployment, type CallOutput } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';
import { atPath } from '@invest/shared/path-params';
import { ageOf, useNow } from '../queue/age';
import { Decision } from '../queue/Decision';
import { QueuePage } from '../queue/QueuePage';
import { QUEUE_PAGE, QUEUE_POLL } from '../queue/queueQuery';
import type { QueueColumn } from '../queue/QueueTable';
import s from '../queue/queue.module.css';

type OpsRecharge = CallOutput<typeof opsCalls.opsRecharges>['rows'][number];

/** The deposits waiting for an operator: each is completed (the money arrived) or failed with a reason. */
export function DepositsPage() {
  const { t } = useTranslation('ops');
  const currency = useDeployment().data?.currency ?? '';
  const now = useNow(60_000);
  const query = useCall(opsCalls.opsRecharges, { status: RECHARGE_STATUS.inProgress, ...QUEUE_PAGE }, QUEUE_POLL);
  const columns = useMemo<QueueColumn<OpsRecharge>[]>(
    () => [
      { id: 'id', header: t('col.id'), value: (r) => r.id, numeric: true },
      { id: 'user', header: t('col.user'), value: (r) => r.user },
      { id: 'amount', header: t('col.amount'), value: (r) => r.count, cell: (r) => formatMoney(r.count, currency), numeric: true },
      { id: 'reference', header: t('col.reference'), value: (r) => r.reference },
      { id: 'paymentRef', header: t('col.paymentRef'), value: (r) => r.payment_ref ?? '' },
      { id: 'age', header: t('col.age'), value: (r) => r.created_at, cell: (r) => ageOf(r.created_at, now) },
    ],
    [t, currency, now],
  );
  return (
    <QueuePage
      title={t('deposits.title')}
      query={query}
      columns={columns}
      detailTitle={(r) => t('deposits.detail', { id: r.id })}
      detail={(r, close) => (
        <>
          <dl className={s.facts}>
            <dt>{t('col.user')}</dt>
            <dd>{r.user}</dd>
            <dt>{t('col.amount')}</dt>
            <dd className="num">{formatMoney(r.count, currency)}</dd>
            <dt>{t('col.method')}</dt>
            <dd>{r.method}</dd>
            <dt>{t('col.reference')}</dt>
            <dd className="num">{r.reference}</dd>
            <dt>{t('col.paymentRef')}</dt>
            <dd className="num">{r.payment_ref ?? '—'}</dd>
            <dt>{t('col.age')}</dt>
            <dd>{ageOf(r.created_at, now)}</dd>
          </dl>
          <Decision
            accept={atPath(opsCalls.opsRechargeComplete, { id: r.id })}
            refuse={atPath(opsCalls.opsRechargeFail, { id: r.id })}
            list={opsCalls.opsRecharges}
            texts={{
              accept: t('deposits.complete'),
              refuse: t('deposits.fail'),
              refuseTitle: t('deposits.failTitle', { id: r.id }),
              accepted: t('deposits.completed', { id: r.id }),
              refused: t('deposits.failedDone', { id: r.id }),
            }}
            onDone={close}
          />
        </>
      )}
    />
  );
}
