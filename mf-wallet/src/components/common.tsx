import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Spinner, troubleOf, useDeployment, type Deployment } from '@invest/shared';
import type { StatusView } from '../lib/status';
import s from './wallet.module.css';

/** A record's state as a coloured label. */
export function StatusBadge({ status, testId = 'status' }: { status: StatusView; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`${s.badge} ${s[status.tone]}`} data-testid={testId} data-tone={status.tone}>
      {t(`wallet.status.${status.key}`)}
    </span>
  );
}

/**
 * Amounts need the deployment's currency: until it is known the screen waits, and when it cannot load it says so
 * and retries; it never guesses a currency.
 */
export function WithDeployment({ children }: { children: (d: Deployment) => ReactNode }) {
  const { t } = useTranslation();
  const deployment = useDeployment();
  if (deployment.data) return <>{children(deployment.data)}</>;
  if (deployment.isError)
    return <LoadError reason={troubleOf(deployment) ?? 'failed'} title={t('common.settingsFailed')} onRetry={() => void deployment.refetch()} busy={deployment.isFetching} />;
  return <Spinner />;
}

