import { useMemo } from 'react';
import { useTranslation } from '@invest/runtime';
import { useCall, WITHDRAW_STATUS, type CallOutput } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';
import { atPath } from '@invest/shared/path-params';
import { afterApproval, FirstApprovalFacts, useApprovalColumn } from '../queue/approval';
import { Decision } from '../queue/Decision';
import { QueuePage } from '../queue/QueuePage';
import { QUEUE_POLL, useQueueBatch } from '../queue/queueQuery';
import type { QueueColumn } from '../queue/QueueTable';
import { ColumnFacts, useRequestColumns } from '../queue/requestColumns';
import s from '../queue/queue.module.css';

type OpsWithdrawal = CallOutput<typeof opsCalls.opsWithdrawals>['rows'][number];

/**
 * The withdrawals waiting for an operator: each is paid out to the user's card, or failed, which refunds the held
 * amount to the wallet. The list gives no balance (the amount is already held), so none is shown.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation('ops');
  const batch = useQueueBatch();
  const query = useCall(opsCalls.opsWithdrawals, { status: WITHDRAW_STATUS.inProgress, ...batch.input }, QUEUE_POLL);
  const approval = useApprovalColumn<OpsWithdrawal>();
  const own = useMemo<QueueColumn<OpsWithdrawal>[]>(
    () => [
      // The card's number (masked) and its bank in one column: the approval beside it keeps its room.
      {
        id: 'card',
        header: t('col.card'),
        value: (r) => `${r.bank_card} ${r.bank}`,
        cell: (r) => (
          <>
            <span className="num">{r.bank_card}</span>
            <span className={s.sub}>{r.bank}</span>
          </>
        ),
        wrap: true,
      },
    ],
    [t],
  );
  const columns = [...useRequestColumns(own), approval];
  return (
    <QueuePage
      title={t('withdrawals.title')}
      query={query}
      batch={batch}
      columns={columns}
      detailTitle={(r) => t('withdrawals.detail', { id: r.id })}
      detail={(r, close) => (
        <>
          <ColumnFacts columns={columns} row={r}>
            <FirstApprovalFacts approval={r.first_approval} />
          </ColumnFacts>
          <Decision
            accept={atPath(opsCalls.opsWithdrawalComplete, { id: r.id })}
            refuse={atPath(opsCalls.opsWithdrawalFail, { id: r.id })}
            list={opsCalls.opsWithdrawals}
            texts={{
              accept: t('withdrawals.payOut'),
              refuse: t('withdrawals.fail'),
              refuseTitle: t('withdrawals.failTitle', { id: r.id }),
              accepted: afterApproval(t('approval.first'), t('withdrawals.paid', { id: r.id })),
              refused: t('withdrawals.refunded', { id: r.id }),
            }}
            onDone={close}
          />
        </>
      )}
    />
  );
}
