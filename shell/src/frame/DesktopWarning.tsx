import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storage } from '@invest/shared';
import s from './frame.module.css';

const DISMISSED = 'desktopWarningDismissed';
/** A desktop: a fine pointer and no touch, on a wide screen. */
const isDesktop = () => window.matchMedia('(pointer: fine) and (hover: hover) and (min-width: 900px)').matches;

export function DesktopWarning() {
  const { t } = useTranslation();
  const [show, setShow] = useState(() => isDesktop() && storage.get(DISMISSED) !== '1');
  if (!show) return null;
  return (
    <div className={s.desktop} role="note">
      <span>{t('shell.desktopWarning')}</span>
      <button
        type="button"
        className={s.desktopDismiss}
        onClick={() => {
          storage.set(DISMISSED, '1');
          setShow(false);
        }}
      >
        {t('shell.dismiss')}
      </button>
    </div>
  );
}
