import { useTranslation } from '@invest/runtime';
import s from './extras.module.css';

/** Pages needed for `count` rows at `size` a page; never less than 1, so an empty list reads "page 1/1". */
export function pageCount(count: number, size: number): number {
  return Math.max(1, Math.ceil(Math.max(0, count) / Math.max(1, size)));
}

/** Previous / next with "Page x/total". The buttons lock at the first and last page and while `busy`. */
export function Pager({
  page,
  count,
  size,
  onPage,
  busy = false,
}: {
  /** 1-based. */
  page: number;
  /** Total rows. */
  count: number;
  size: number;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const total = pageCount(count, size);
  const current = Math.min(Math.max(1, page), total);
  return (
    <nav className={s.pager} aria-label={t('common.pagination')}>
      <button type="button" className={s.pagerButton} disabled={busy || current <= 1} onClick={() => onPage(current - 1)}>
        {t('common.previous')}
      </button>
      <span className={`${s.pagerText} num`} data-testid="pager-text" aria-live="polite">
        {t('common.page', { page: current, total })}
      </span>
      <button type="button" className={s.pagerButton} disabled={busy || current >= total} onClick={() => onPage(current + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}
