// @invest/runtime: what must exist once per page, a federation singleton (the compatibility rule: README.md). The
// libraries behind it (rxjs, TanStack Query, react-i18next, single-spa-react) are bundled inside it, tree-shaken to
// what is exported here; no app imports them itself (lint).
export { bus, EventBus, type BusEvent, type BusEventOf } from './bus';
export { session, SESSION_KEYS, type RememberedLogin, type UserInfoBrief } from './session/session';
export { storage } from './session/storage';
export { queryClient, createQueryClient, followApp, isTransient } from './query';
export { i18n, I18nextProvider, initReactI18next, useTranslation } from './i18n';
export { createSlicedRoot, remoteLifecycles, type RemoteMountProps } from './lifecycles';
// TanStack Query's pieces @invest/shared's hooks and the apps use: the page's one copy, so its context holds the
// page's QueryClient whichever copy of @invest/shared asks.
export {
  dehydrate,
  hydrate,
  keepPreviousData,
  onlineManager,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
