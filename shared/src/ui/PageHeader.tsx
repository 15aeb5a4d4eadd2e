import type { ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { goBack } from './back';
import { IconButton } from './Button';
import { Icon } from './icons';
import { useDocumentTitle } from './documentTitle';
import { Skeleton } from './Skeleton';
import s from './kit.module.css';

/**
 * Sticky page title bar; `back` shows a back arrow (default: back in the app, else home). Without a title the page
 * has no heading until its screen brings one: `pending` (the screen is still loading) holds a placeholder there.
 * The document's title follows the header's.
 */
export function PageHeader({ title, back, right, pending }: { title?: string; back?: boolean | (() => void); right?: ReactNode; pending?: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <header className={s.header}>
      <div className={s.headerSide}>
        {back && (
          <IconButton label={t('common.back')} onClick={typeof back === 'function' ? back : goBack}>
            <Icon name="back" />
          </IconButton>
        )}
      </div>
      {title === undefined ? (
        <span className={s.headerTitle}>{pending && <Skeleton width={120} height={16} style={{ margin: '0 auto' }} />}</span>
      ) : (
        <h1 className={s.headerTitle}>{title}</h1>
      )}
      <div className={s.headerSide}>{right}</div>
    </header>
  );
}
