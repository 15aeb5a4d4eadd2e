import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { call } from '../api/client';
import { calls } from '../contract/endpoints';
import { LANGUAGES_SETTING, offeredLanguages } from '../contract/values/deployment';
import { changeLanguage, LANGUAGE_NAMES, SELECTABLE_LANGUAGES, storedLanguage, type Language } from '../i18n';
import { IconButton } from './Button';
import { Dialog } from './Dialog';
import { Icon } from './icons';
import m from './LanguageMenu.module.css';

/**
 * The globe button and its sheet. It lists the languages the deployment offers (an operator's setting), asked for as
 * the sheet opens: the menu also sits on the login page, which has no query client, and most visits never open it.
 * Until the answer comes (or when it cannot), the sheet lists the spec's default and the language in use.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = storedLanguage();
  const [offered, setOffered] = useState<readonly Language[]>(() => [...new Set([...SELECTABLE_LANGUAGES, current])]);
  const show = () => {
    setOpen(true);
    call(calls.config)
      .then((rows) => setOffered(offeredLanguages(rows.find((r) => r.tag === LANGUAGES_SETTING)?.value)))
      .catch(() => {});
  };
  const pick = (lng: Language) => {
    setOpen(false);
    if (lng !== current) changeLanguage(lng);
  };
  return (
    <>
      <IconButton label={t('common.language')} onClick={show}>
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
