import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@invest/runtime';
import { errorKeyOf } from '../api/client';
import { Icon } from './icons';
import { useOverlay } from './overlay';
import { LoadError, Spinner } from './states';
import s from './extras.module.css';

export const SEARCH_DEBOUNCE_MS = 300;

type State<T> =
  | { kind: 'idle' }
  | { kind: 'required' }
  | { kind: 'loading' }
  | { kind: 'done'; items: T[] }
  | { kind: 'failed'; offline: boolean };

/** A search that got no answer because the device has no connection (not a server's refusal). */
const failedOffline = (e: unknown) => !navigator.onLine || errorKeyOf(e) === 'network';

/**
 * A full-screen search sheet: the typed text is searched 300 ms after the last keystroke (Enter searches at once).
 * Blank text is never sent: the sheet says `requiredMessage` instead. Only the latest answer is shown. A search that
 * fails says so (offline, or failed) with a retry, never "no results": an offline search runs again by itself when
 * the connection returns. Publishes the overlay event so the shell hides the bottom nav.
 */
export function SearchDialog<T>({
  open,
  onClose,
  title,
  placeholder,
  hint,
  requiredMessage,
  noResultsMessage,
  search,
  renderItem,
  keyOf,
  debounceMs = SEARCH_DEBOUNCE_MS,
}: {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the sheet. */
  title: string;
  placeholder: string;
  /** Shown before anything is typed. */
  hint?: string;
  /** Shown when the text is blank, e.g. 'Please enter stock code to search'. */
  requiredMessage: string;
  noResultsMessage: string;
  search: (text: string) => Promise<T[]>;
  renderItem: (item: T, close: () => void) => ReactNode;
  keyOf: (item: T) => string;
  debounceMs?: number;
}) {
  const { t } = useTranslation();
  useOverlay(open);
  const [text, setText] = useState('');
  const [state, setState] = useState<State<T>>({ kind: 'idle' });
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const run = (raw: string) => {
    clearTimeout(timer.current);
    const q = raw.trim();
    const mine = ++seq.current;
    if (!q) {
      setState({ kind: 'required' });
      return;
    }
    setState({ kind: 'loading' });
    search(q).then(
      (items) => mine === seq.current && setState({ kind: 'done', items }),
      (e: unknown) => {
        console.warn('[search] failed', e);
        if (mine === seq.current) setState({ kind: 'failed', offline: failedOffline(e) });
      },
    );
  };
  const retry = () => run(text);

  const waitingForNetwork = state.kind === 'failed' && state.offline;
  const searchAgain = useEffectEvent(retry);
  useEffect(() => {
    if (!waitingForNetwork) return;
    window.addEventListener('online', searchAgain);
    return () => window.removeEventListener('online', searchAgain);
  }, [waitingForNetwork]);

  const onType = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => run(value), debounceMs);
  };

  // A closed sheet forgets its text (folded in while rendering) and drops any answer still on its way (below).
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) {
      setText('');
      setState({ kind: 'idle' });
    }
  }
  useEffect(() => {
    if (open) return;
    clearTimeout(timer.current);
    seq.current++;
  }, [open]);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    // The page under the sheet does not scroll with it.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, onClose]);

  if (!open) return null;
  return createPortal(
    <div className={s.searchOverlay}>
      <div className={s.searchSheet} role="dialog" aria-modal="true" aria-label={title}>
        <form
          className={s.searchBar}
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            run(text);
          }}
        >
          <label className={s.searchField}>
            <Icon name="search" size={18} />
            <input
              className={s.searchInput}
              type="search"
              enterKeyHint="search"
              autoFocus
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              aria-label={placeholder}
              placeholder={placeholder}
              value={text}
              maxLength={64}
              onChange={(e) => onType(e.target.value)}
            />
            {text && (
              <button type="button" className={s.searchClear} aria-label={t('common.clear')} onClick={() => onType('')}>
                <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round">
                  <path d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            )}
          </label>
          <button type="button" className={s.searchCancel} onClick={onClose}>
            {t('common.cancel')}
          </button>
        </form>
        <div className={s.searchBody} aria-live="polite">
          {state.kind === 'idle' && hint && <p className={s.searchMessage}>{hint}</p>}
          {state.kind === 'required' && (
            <p className={s.searchMessage} role="alert">
              {requiredMessage}
            </p>
          )}
          {state.kind === 'loading' && <Spinner />}
          {state.kind === 'failed' && (
            <LoadError reason={state.offline ? 'offline' : 'failed'} title={state.offline ? undefined : t('common.searchFailed')} onRetry={retry} />
          )}
          {state.kind === 'done' &&
            (state.items.length === 0 ? (
              <p className={s.searchMessage}>{noResultsMessage}</p>
            ) : (
              <ul className={s.searchResults}>
                {state.items.map((item) => (
                  <li key={keyOf(item)}>{renderItem(item, onClose)}</li>
                ))}
              </ul>
            ))}
        </div>
      </div>
    </div>,
    document.body,
  );
}
