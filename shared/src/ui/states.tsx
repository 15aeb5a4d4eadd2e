import { createContext, useContext, useLayoutEffect, useReducer, type ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import type { ApiError } from '../api/client';
import { troubleOf } from '../query/useCall';
import { useOnline } from '../query/useOnline';
import { Button } from './Button';
import { Icon } from './icons';
import { PageHeader } from './PageHeader';
import s from './kit.module.css';

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={s.center} role="status" aria-label={label ?? t('common.loading')}>
      <span className={s.spinner} />
    </div>
  );
}

/** Nothing to show (yet): what is missing, a line on why or what to do, and the one action that helps. Texts translated. */
export function EmptyState({ title, text, icon, action, testId }: { title?: string; text?: string; icon?: ReactNode; action?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className={s.center} data-testid={testId}>
      {icon}
      <p className={s.centerTitle}>{title ?? t('common.empty')}</p>
      {text && <p className={s.centerText}>{text}</p>}
      {action}
    </div>
  );
}

export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <div className={s.center} data-testid="coming-soon">
      <p className={s.centerTitle}>{t('common.comingSoon')}</p>
      <p>{t('common.comingSoonBody')}</p>
    </div>
  );
}

/** A failed load with a way out: the shell shows it when a remote fails, screens when their data does. */
export function RetryPanel({
  title,
  body,
  onRetry,
  busy,
  testId = 'retry-panel',
  reason,
}: {
  title: string;
  body?: string;
  onRetry: () => void;
  busy?: boolean;
  testId?: string;
  reason?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={s.center} role="alert" data-testid={testId} data-reason={reason}>
      <Icon name="alert" size={36} />
      <p className={s.centerTitle}>{title}</p>
      {body && <p>{body}</p>}
      <Button className={s.retryButton} busy={busy} onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

/** Why data is not current: no network, the server did not give it, or it does not exist (shown as failed here). */
export type LoadTrouble = 'offline' | 'failed' | 'notFound';

/**
 * A screen (or a part of one) whose data could not load and that has nothing from before to show: it says whether
 * the device is offline or the load failed, and offers a retry. Never an empty list in its place.
 */
export function LoadError({ reason, title, onRetry, busy }: { reason: LoadTrouble; title?: string; onRetry: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <RetryPanel
      testId="load-error"
      reason={reason}
      title={title ?? t(reason === 'offline' ? 'common.offlineTitle' : 'common.loadFailedTitle')}
      body={t(reason === 'offline' ? 'common.offlineBody' : 'common.loadFailedBody')}
      onRetry={onRetry}
      busy={busy}
    />
  );
}

/**
 * Data from an earlier answer, shown because the latest refresh did not come: says so and since when ("Offline —
 * prices as of 10:42"), so stale prices never pass for live ones. `since` is a time in ms.
 */
export function StaleNotice({ reason, since, prices = true, inline = false }: { reason: LoadTrouble; since: number | undefined; prices?: boolean; inline?: boolean }) {
  const { t, i18n } = useTranslation();
  const time = since ? new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(since) : '--:--';
  const key = `common.stale.${reason === 'offline' ? 'offline' : 'failed'}${prices ? 'Prices' : ''}`;
  return (
    // `inline`: inside a row of the screen's own (beside "Simulated prices"), without the block's margins.
    <p className={inline ? `${s.notice} ${s.noticeInline}` : s.notice} role="status" data-testid="stale-notice" data-reason={reason}>
      <Icon name="alert" size={16} />
      {t(key, { time })}
    </p>
  );
}

/** Given by a DataState to what it wraps: a note inside says "offline" with tell(1), and stops with tell(-1). */
const OfflineSaid = createContext<((change: number) => void) | null>(null);
const count = (n: number, change: number) => n + change;

/**
 * While `says`, the DataStates around leave saying "offline" to this note: a screen says it once, nearest what it
 * concerns (a form's OfflineNote, a nested part's notice), not again for each part around it.
 */
export function useSaysOffline(says: boolean): void {
  const tell = useContext(OfflineSaid);
  // Before the paint: the notice around never flashes.
  useLayoutEffect(() => {
    if (!says || !tell) return;
    tell(1);
    return () => tell(-1);
  }, [says, tell]);
}

/**
 * A part of a screen fed by a query: `skeleton` until there is something to show, a LoadError when nothing could
 * load, else the content, under a StaleNotice when what it shows is older data (unless a note inside already says
 * the device is offline). An empty list is the content's own business: it is only ever said after a real answer.
 */
export function DataState({
  ready,
  trouble,
  since,
  onRetry,
  busy,
  skeleton,
  errorTitle,
  prices = true,
  children,
}: {
  /** There is data to show (an answer, the cache, or the previous page). */
  ready: boolean;
  trouble: LoadTrouble | null;
  since?: number;
  onRetry: () => void;
  busy?: boolean;
  skeleton: ReactNode;
  errorTitle?: string;
  prices?: boolean;
  children: ReactNode;
}) {
  const [saidInside, tell] = useReducer(count, 0);
  // Its own offline trouble, or a note inside that says it: either way the parts around need not say it again.
  useSaysOffline(trouble === 'offline' || saidInside > 0);
  if (!ready) return trouble ? <LoadError reason={trouble} title={errorTitle} onRetry={onRetry} busy={busy} /> : <>{skeleton}</>;
  return (
    <OfflineSaid.Provider value={tell}>
      {trouble && !saidInside && <StaleNotice reason={trouble} since={since} prices={prices} />}
      {children}
    </OfflineSaid.Provider>
  );
}

/** What the user asked for does not exist (the API answered 404): said plainly, nothing to retry. */
export function NotFoundState({ title, body }: { title: string; body?: string }) {
  return (
    <div className={s.center} role="status" data-testid="not-found">
      <Icon name="alert" size={36} />
      <p className={s.centerTitle}>{title}</p>
      {body && <p>{body}</p>}
    </div>
  );
}

/** A whole screen a later release fills in: its title bar and the coming-soon note. */
export function ComingSoonPage({ title, back = true }: { title: string; back?: boolean }) {
  return (
    <>
      <PageHeader title={title} back={back} />
      <ComingSoon />
    </>
  );
}

/** What QueryState reads of a query (useCall's and useQuery's answers both fit). */
export interface LoadedQuery {
  data: unknown;
  error: ApiError | null;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  dataUpdatedAt: number;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * DataState for one query: ready once it has an answer, its failure with a retry that asks again, and, once shown,
 * the answer's age when a refresh fails.
 */
export function QueryState({
  query,
  skeleton,
  errorTitle,
  prices = false,
  children,
}: {
  query: LoadedQuery;
  skeleton: ReactNode;
  /** Translated. */
  errorTitle?: string;
  prices?: boolean;
  children: ReactNode;
}) {
  useOnline(); // as useCall's: troubleOf below reads the connection
  return (
    <DataState
      ready={query.data !== undefined}
      trouble={troubleOf(query)}
      since={query.dataUpdatedAt || undefined}
      onRetry={() => void query.refetch()}
      busy={query.isFetching}
      skeleton={skeleton}
      errorTitle={errorTitle}
      prices={prices}
    >
      {children}
    </DataState>
  );
}
