import { useMemo } from 'react';
import { useTranslation } from '@invest/runtime';
import { formatMoney, useCall, useDeployment, WITHDRAW_STATUS, type CallOutput } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';
import { atPath } from '@invest/shared/path-params';
import { ageOf, useNow } from '../queue/age';
import { afterApproval, FirstApprovalFacts, useApprovalColumn } from '../queue/approval';
import { Decision } from '../queue/Decision';
import { QueuePage } from '../queue/QueuePage';
import { QUEUE_PAGE, QUEUE_POLL } from '../queue/queueQuery';
import type { QueueColumn } from '../queue/QueueTable';
import s from '../queue/queue.module.css';

type OpsWithdrawal = CallOutput<typeof opsCalls.opsWithdrawals>['rows'][number];

/**
 * The withdrawals waiting for an operator: each is paid out to the user's card, or failed, which refunds the held
 * amount to the wallet. The list gives no balance (the amount is already held), so none is shown.
 */
export function WithdrawalsPage() {
  const { t } = useTranslation('ops');
  const currency = useDeployment().data?.currency ?? '';
  const now = useNow(60_000);
  const query = useCall(opsCalls.opsWithdrawals, { status: WITHDRAW_STATUS.inProgress, ...QUEUE_PAGE }, QUEUE_POLL);
  const approval = useApprovalColumn<OpsWithdrawal>();
  const columns = useMemo<QueueColumn<OpsWithdrawal>[]>(
    () => [
      { id: 'id', header: t('col.id'), value: (r) => r.id, numeric: true },
      { id: 'user', header: t('col.user'), value: (r) => r.user },
      { id: 'amount', header: t('col.amount'), value: (r) => r.count, cell: (r) => formatMoney(r.count, currency), numeric: true },
      { id: 'bank', header: t('col.bank'), value: (r) => r.bank },
      { id: 'card', header: t('col.card'), value: (r) => r.bank_card },
      { id: 'age', header: t('col.age'), value: (r) => r.created_at, cell: (r) => ageOf(r.created_at, now) },
      approval,
    ],
    [t, currency, now, approval],
  );
  return (
    <QueuePage
      title={t('withdrawals.title')}
      query={query}
      columns={columns}
      detailTitle={(r) => t('withdrawals.detail', { id: r.id })}
      detail={(r, close) => (
        <>
          <dl className={s.facts}>
            <dt>{t('col.user')}</dt>
            <dd>{r.user}</dd>
            <dt>{t('col.amount')}</dt>
            <dd className="num">{formatMoney(r.count, currency)}</dd>
            <dt>{t('col.bank')}</dt>
            <dd>{r.bank}</dd>
            <dt>{t('col.card')}</dt>
            <dd className="num">{r.bank_card}</dd>
            <dt>{t('col.age')}</dt>
            <dd>{ageOf(r.created_at, now)}</dd>
            <FirstApprovalFacts approval={r.first_approval} />
          </dl>
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
