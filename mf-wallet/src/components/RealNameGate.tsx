import type { ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { calls, Icon, QueryState, REAL_NAME_STATUS, SkeletonRows, useCall, EmptyState, LinkButton } from '@invest/shared';

const REAL_NAME_PATH = '/settings/real-name';

/**
 * The published rule, shown before any amount is typed: withdrawals and loan applications need an approved
 * real-name verification (the API refuses them otherwise). Until then the screen says so and links to the
 * verification; under review it says that instead.
 */
export function RealNameGate({ action, children }: { action: 'withdraw' | 'loan'; children: ReactNode }) {
  const { t } = useTranslation('wallet');
  const state = useCall(calls.realNameState);
  const status = state.data?.status;
  return (
    <QueryState query={state} skeleton={<SkeletonRows rows={2} />} errorTitle={t('loadFailed')}>
      {status === REAL_NAME_STATUS.approved ? (
        children
      ) : (
        <EmptyState
          testId="real-name-gate"
          icon={<Icon name="id" size={36} />}
          title={t('gate.title')}
          text={t(status === REAL_NAME_STATUS.review ? 'gate.review' : `gate.${action}`)}
          action={<LinkButton to={REAL_NAME_PATH}>{t(status === REAL_NAME_STATUS.review ? 'gate.view' : 'gate.action')}</LinkButton>}
        />
      )}
    </QueryState>
  );
}
