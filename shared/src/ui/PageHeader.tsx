import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './Button';
import { Icon } from './icons';
import s from './kit.module.css';

/** Sticky page title bar; `onBack` shows a back arrow (default: browser history back). */
export function PageHeader({ title, back, right }: { title: string; back?: boolean | (() => void); right?: ReactNode }) {
  const { t } = useTranslation();
  const goBack = typeof back === 'function' ? back : () => window.history.back();
  return (
    <header className={s.header}>
      <div className={s.headerSide}>
        {back && (
          <IconButton label={t('common.back')} onClick={goBack}>
            <Icon name="back" />
          </IconButton>
        )}
      </div>
      <h1 className={s.headerTitle}>{title}</h1>
      <div className={s.headerSide}>{right}</div>
    </header>
  );
}
