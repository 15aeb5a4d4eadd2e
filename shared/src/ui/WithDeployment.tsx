import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@invest/runtime';
import type { ApiError } from '../api/client';
import { useDeployment, type Deployment } from '../hooks/useDeployment';
import { troubleOf, type Trouble } from '../query/useCall';
import { LoadError, Spinner } from './states';

type DeploymentQuery = UseQueryResult<Deployment, ApiError>;

/**
 * What needs the deployment's settings (a currency, the bank form): until they are known it waits, and when they
 * cannot load, or the page is offline with no copy of them, it says so and retries; it never guesses a currency.
 */
export function WithDeployment({ children }: { children: (d: Deployment) => ReactNode }) {
  const deployment = useDeployment();
  if (deployment.data) return <>{children(deployment.data)}</>;
  return deploymentTrouble(deployment) ? <DeploymentError deployment={deployment} /> : <Spinner />;
}

/**
 * Why the settings did not come: offline (TanStack holds the ask until the connection returns, or it found no
 * connection), or failed; null while they are still on their way.
 */
export const deploymentTrouble = (deployment: DeploymentQuery): Trouble | null => troubleOf(deployment) ?? (deployment.isError ? 'failed' : null);

/** The panel for settings that did not come (deploymentTrouble): it says why, and retries. */
export function DeploymentError({ deployment }: { deployment: DeploymentQuery }) {
  const { t } = useTranslation();
  return (
    <LoadError
      reason={deploymentTrouble(deployment) ?? 'failed'}
      title={t('common.settingsFailed')}
      onRetry={() => void deployment.refetch()}
      busy={deployment.isFetching}
    />
  );
}
