import { useTranslation } from '@invest/runtime';
import { useOnline } from '../query/useOnline';
import { Icon } from './icons';
import { useSaysOffline } from './states';
import s from './kit.module.css';

/**
 * Above a form that sends something: while the browser is offline it says the form cannot be sent yet (the form
 * disables its submit with `useOnline`), so a tap never waits on a request that cannot go. In a DataState, it is
 * the one offline note: the data's own stays away.
 */
export function OfflineNote() {
  const { t } = useTranslation();
  const online = useOnline();
  useSaysOffline(!online);
  if (online) return null;
  return (
    <p className={`${s.notice} ${s.noticeInForm}`} role="status" data-testid="offline-note">
      <Icon name="alert" size={16} />
      {t('common.offlineSubmit')}
    </p>
  );
}
