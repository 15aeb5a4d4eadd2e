// @invest/shared: the contract, the API client, the UI kit, the formatters and the hooks; a versioned library (the
// compatibility rule: README.md). What must exist once per page (bus, session, QueryClient, i18n instance) is
// @invest/runtime's, re-exported here.
// The contract without zod: every call's route and types, the error keys and the plain values (the schemas and the
// forms are @invest/shared/forms).
export { calls, type Endpoints } from './contract/endpoints';
export type { Route, Endpoint, CallInput, CallOutput } from './contract/route';
export type * from './contract';
export type { Category, Quote, Candle, StockRow, News, WatchEntry, Interval, Market } from './contract/market';
export * from './contract/errors';
export * from './contract/values';
export { call, ApiError, errorKeyOf, API_BASE, API_TIMEOUT_MS, type CallOptions } from './api/client';
export { failureKey } from './api/failure';
export { bus, EventBus, session, SESSION_KEYS, storage, type BusEvent, type BusEventOf, type RememberedLogin } from '@invest/runtime';
export * from './i18n';
export { defineTexts, addTexts, withTexts, type Texts } from './i18n/texts';
export type { Leaves } from './i18n/leaves';
export * from './format';
export * from './paths';
export { AMOUNT_MAX_DIGITS, digitsOnly, sanitizePhone } from './input';
export * from './ui';
export {
  useLiveQuotes,
  newest,
  streamUrl,
  symbolKey,
  CARD_POLL_MS,
  LIST_POLL_MS,
  DETAIL_POLL_MS,
  STREAM_CONNECT_TIMEOUT_MS,
  type LiveMode,
} from './hooks/useLiveQuotes';
export { useLoggedIn } from './hooks/useSession';
export { invalidateWallet, WALLET_QUERY_PATHS, WALLET_POLL_MS } from './hooks/walletQueries';
export { useDeployment, deploymentOf, DEPLOYMENT_CURRENCIES, type Deployment, type DeploymentCurrency } from './hooks/useDeployment';
export { queryClient, createQueryClient, followApp, isTransient } from '@invest/runtime';
// TanStack's own pieces the screens use (the runtime's copy), so apps import data fetching from one place.
export { keepPreviousData, useQuery, useQueryClient } from '@invest/runtime';
export { useUpload } from './query/useUpload';
export { useCall, useCalls, useCallMutation, newIdempotencyKey, IDEMPOTENT_RETRIES, callQuery, callQueryFirstWith, callKey, troubleOf, isNotFound, type CallQueryOptions, type Trouble } from './query/useCall';
export { useOnline } from './query/useOnline';
export { useCachedFirst } from './query/useCachedFirst';
export { QueryProvider } from './query/QueryProvider';
export { categoriesQuery, loadAppData, useCategories } from './appData';
export { cache, type CacheStore } from './cache';
export { createLifecycles } from './remote/createLifecycles';
export { createSlicedRoot, type RemoteMountProps } from '@invest/runtime';
export { RemoteBoundary } from './remote/RemoteBoundary';
export { SectionFailed } from './remote/SectionFailed';
export { lazyScreen } from './remote/lazyScreen';
export { adoptFirstFrame, removeFirstFrame } from './remote/firstFrame';
