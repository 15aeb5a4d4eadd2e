import { useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@invest/runtime';
import { storage } from '@invest/shared';
import s from './frame.module.css';

const DISMISSED = 'desktopWarningDismissed';
/** A desktop: a fine pointer and no touch, on a wide screen. */
const isDesktop = () => window.matchMedia('(pointer: fine) and (hover: hover) and (min-width: 900px)').matches;

/**
 * An element of its own at the very top of the page, before the remotes' area: the shell's own elements come after
 * the remotes, so anything it renders in place would sit below the fold of every screen but its own.
 */
function useTopOfPage(): HTMLElement {
  const [host] = useState(() => document.createElement('div'));
  useLayoutEffect(() => {
    document.body.prepend(host);
    return () => host.remove();
  }, [host]);
  return host;
}

export function DesktopWarning() {
  const [show, setShow] = useState(() => isDesktop() && storage.get(DISMISSED) !== '1');
  return show ? <Warning onDismiss={() => setShow(false)} /> : null;
}

function Warning({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation('shell');
  const host = useTopOfPage();
  return createPortal(
    <div className={s.desktop} role="note">
      <span>{t('desktopWarning')}</span>
      <button
        type="button"
        className={s.desktopDismiss}
        onClick={() => {
          storage.set(DISMISSED, '1');
          onDismiss();
        }}
      >
        {t('dismiss')}
      </button>
    </div>,
    host,
  );
}
