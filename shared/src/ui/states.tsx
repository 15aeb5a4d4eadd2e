import { useTranslation } from 'react-i18next';
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

export function EmptyState({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <div className={s.center}>
      <p>{title ?? t('common.empty')}</p>
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
export function RetryPanel({ title, body, onRetry, busy }: { title: string; body?: string; onRetry: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={s.center} role="alert" data-testid="retry-panel">
      <Icon name="alert" size={36} />
      <p className={s.centerTitle}>{title}</p>
      {body && <p>{body}</p>}
      <Button className={s.retryButton} busy={busy} onClick={onRetry}>
        {t('common.retry')}
      </Button>
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
