import { useMemo } from 'react';
import { useTranslation } from '@invest/runtime';
import { RECHARGE_STATUS, useCall, type CallOutput } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';
import { atPath } from '@invest/shared/path-params';
import { Decision } from '../queue/Decision';
import { QueuePage } from '../queue/QueuePage';
import { QUEUE_POLL, useQueueBatch } from '../queue/queueQuery';
import type { QueueColumn } from '../queue/QueueTable';
import { ColumnFacts, useRequestColumns } from '../queue/requestColumns';

type OpsRecharge = CallOutput<typeof opsCalls.opsRecharges>['rows'][number];

/** The deposits waiting for an operator: each is completed (the money arrived) or failed with a reason. */
export function DepositsPage() {
  const { t } = useTranslation('ops');
  const batch = useQueueBatch();
  const query = useCall(opsCalls.opsRecharges, { status: RECHARGE_STATUS.inProgress, ...batch.input }, QUEUE_POLL);
  const own = useMemo<QueueColumn<OpsRecharge>[]>(
    () => [
      { id: 'reference', header: t('col.reference'), value: (r) => r.reference },
      { id: 'paymentRef', header: t('col.paymentRef'), value: (r) => r.payment_ref ?? '' },
    ],
    [t],
  );
  const columns = useRequestColumns(own);
  return (
    <QueuePage
      title={t('deposits.title')}
      query={query}
      batch={batch}
      columns={columns}
      detailTitle={(r) => t('deposits.detail', { id: r.id })}
      detail={(r, close) => (
        <>
          <ColumnFacts columns={columns} row={r}>
            <dt>{t('col.method')}</dt>
            <dd>{r.method}</dd>
          </ColumnFacts>
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
