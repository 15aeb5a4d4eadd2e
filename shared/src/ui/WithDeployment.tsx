import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@invest/runtime';
import type { ApiError } from '../api/client';
import { useDeployment, type Deployment } from '../hooks/useDeployment';
import { troubleOf } from '../query/useCall';
import { LoadError, Spinner } from './states';

type DeploymentQuery = UseQueryResult<Deployment, ApiError>;

/**
 * What needs the deployment's settings (a currency, the bank form): until they are known it waits, and when they
 * cannot load, or the page is offline with no copy of them, it says so and retries; it never guesses a currency.
 */
export function WithDeployment({ children }: { children: (d: Deployment) => ReactNode }) {
  const deployment = useDeployment();
  if (deployment.data) return <>{children(deployment.data)}</>;
  // Offline, TanStack holds the ask until the connection returns: that is trouble too (troubleOf), not loading.
  return troubleOf(deployment) ? <DeploymentError deployment={deployment} /> : <Spinner />;
}

/** The panel for settings that did not come (troubleOf says why): it says so, and retries. */
export function DeploymentError({ deployment }: { deployment: DeploymentQuery }) {
  const { t } = useTranslation();
  return (
    <LoadError
      reason={troubleOf(deployment) ?? 'failed'}
      title={t('common.settingsFailed')}
      onRetry={() => void deployment.refetch()}
      busy={deployment.isFetching}
    />
  );
}
