import type { ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { useDeployment, type Deployment } from '../hooks/useDeployment';
import { troubleOf } from '../query/useCall';
import { LoadError, Spinner } from './states';

/**
 * What needs the deployment's settings (a currency, the bank form): until they are known it waits, and when they
 * cannot load it says so and retries; it never guesses a currency.
 */
export function WithDeployment({ children }: { children: (d: Deployment) => ReactNode }) {
  const { t } = useTranslation();
  const deployment = useDeployment();
  if (deployment.data) return <>{children(deployment.data)}</>;
  if (deployment.isError)
    return <LoadError reason={troubleOf(deployment) ?? 'failed'} title={t('common.settingsFailed')} onRetry={() => void deployment.refetch()} busy={deployment.isFetching} />;
  return <Spinner />;
}
