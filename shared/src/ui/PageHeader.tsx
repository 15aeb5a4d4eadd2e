import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { goBack } from './back';
import { IconButton } from './Button';
import { Icon } from './icons';
import s from './kit.module.css';

/** Sticky page title bar; `back` shows a back arrow (default: back in the app, else home). */
export function PageHeader({ title, back, right }: { title: string; back?: boolean | (() => void); right?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className={s.header}>
      <div className={s.headerSide}>
        {back && (
          <IconButton label={t('common.back')} onClick={typeof back === 'function' ? back : goBack}>
            <Icon name="back" />
          </IconButton>
        )}
      </div>
      <h1 className={s.headerTitle}>{title}</h1>
      <div className={s.headerSide}>{right}</div>
    </header>
  );
}
