// @invest/shared: one module instance per page (a federation singleton) for the bus, the session and i18n.
export * from './contract';
export { call, ApiError, errorKeyOf, API_BASE, API_TIMEOUT_MS } from './api/client';
export { bus, EventBus, type BusEvent, type BusEventOf } from './bus';
export { session, SESSION_KEYS, type RememberedLogin } from './session/session';
export { storage } from './session/storage';
export * from './i18n';
export * from './format';
export * from './validation';
export * from './ui';
export { usePolling } from './hooks/usePolling';
export { useLoggedIn } from './hooks/useSession';
export { useSubmit } from './hooks/useSubmit';
export { useDeploymentConfig, loadDeploymentConfig, type DeploymentConfig } from './hooks/useDeploymentConfig';
export { appData, loadAppData } from './appData';
export { Category } from './contract/market';
export { createLifecycles, type RemoteMountProps } from './remote/createLifecycles';
export { mountStandalone } from './remote/standalone';
export { RemoteBoundary } from './remote/RemoteBoundary';
