import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { useDeployment } from '../hooks/useDeployment';
import { changeLanguage, LANGUAGE_NAMES, SELECTABLE_LANGUAGES, storedLanguage, type Language } from '../i18n';
import { IconButton } from './Button';
import { Dialog } from './Dialog';
import { Icon } from './icons';
import m from './LanguageMenu.module.css';

/**
 * The globe button and its sheet. It lists the languages the deployment offers (an operator's setting; English only
 * until the settings have loaded); picking one stores it and reloads.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = storedLanguage();
  const offered = useDeployment().data?.languages ?? SELECTABLE_LANGUAGES;
  const pick = (lng: Language) => {
    setOpen(false);
    if (lng !== current) changeLanguage(lng);
  };
  return (
    <>
      <IconButton label={t('common.language')} onClick={() => setOpen(true)}>
        <Icon name="globe" />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('common.language')}>
        <ul className={m.list}>
          {offered.map((lng) => (
            <li key={lng}>
              <button type="button" className={m.item} aria-pressed={lng === current} onClick={() => pick(lng)}>
                {LANGUAGE_NAMES[lng]}
                {lng === current && <span className={m.check}>✓</span>}
              </button>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
