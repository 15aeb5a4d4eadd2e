import { useMemo } from 'react';
import { useTranslation } from '@invest/runtime';
import { formatDate, formatMoney, useCall, useDeployment, type CallOutput } from '@invest/shared';
import { LOAN_STATE } from '@invest/shared/values/loans';
import { opsCalls } from '@invest/shared/ops-calls';
import { atPath } from '@invest/shared/path-params';
import { afterApproval, FirstApprovalFacts, useApprovalColumn } from '../queue/approval';
import { Decision } from '../queue/Decision';
import { QueuePage } from '../queue/QueuePage';
import { QUEUE_POLL, useQueueBatch } from '../queue/queueQuery';
import type { QueueColumn } from '../queue/QueueTable';
import { ColumnFacts, useRequestColumns } from '../queue/requestColumns';

type OpsLoan = CallOutput<typeof opsCalls.opsLoans>['rows'][number];

/**
 * The loan applications waiting for an operator: each is approved (the principal goes to the wallet) or rejected with
 * a reason. A large one needs two operators' approvals (four eyes): the first only records it.
 */
export function LoansPage() {
  const { t } = useTranslation('ops');
  const currency = useDeployment().data?.currency ?? '';
  const batch = useQueueBatch();
  const query = useCall(opsCalls.opsLoans, { state: LOAN_STATE.applying, ...batch.input }, QUEUE_POLL);
  const approval = useApprovalColumn<OpsLoan>();
  const own = useMemo<QueueColumn<OpsLoan>[]>(() => [{ id: 'date', header: t('col.date'), value: (r) => r.created_at, cell: (r) => formatDate(r.created_at) }], [t]);
  const columns = [...useRequestColumns(own), approval];
  return (
    <QueuePage
      title={t('loans.title')}
      query={query}
      batch={batch}
      columns={columns}
      detailTitle={(r) => t('loans.detail', { id: r.id })}
      detail={(r, close) => (
        <>
          <ColumnFacts columns={columns} row={r}>
            <dt>{t('col.interest')}</dt>
            <dd className="num">{formatMoney(r.interest, currency)}</dd>
            <FirstApprovalFacts approval={r.first_approval} />
          </ColumnFacts>
          <Decision
            accept={atPath(opsCalls.opsLoanApprove, { id: r.id })}
            refuse={atPath(opsCalls.opsLoanReject, { id: r.id })}
            list={opsCalls.opsLoans}
            texts={{
              accept: t('loans.approve'),
              refuse: t('loans.reject'),
              refuseTitle: t('loans.rejectTitle', { id: r.id }),
              accepted: afterApproval(t('approval.firstLoan'), t('loans.approved', { id: r.id })),
              refused: t('loans.rejected', { id: r.id }),
            }}
            onDone={close}
          />
        </>
      )}
    />
  );
}
