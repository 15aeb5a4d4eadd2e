import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { calls, ConfirmDialog, Icon, LanguageMenu, PageHeader, session, useCallMutation, type IconName } from '@invest/shared';
import s from './settings.module.css';

const ROWS: { to: string; label: string; icon: IconName }[] = [
  { to: '/settings/login-password', label: 'settings.loginPassword', icon: 'lock' },
  { to: '/settings/real-name', label: 'settings.realName', icon: 'id' },
  { to: '/settings/bank-cards', label: 'settings.bankCards', icon: 'card' },
];

export function SettingsPage() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);

  // The token is revoked on the server; if that call fails the local session still ends.
  const logout = useCallMutation(calls.logout, {
    onSettled: () => {
      setConfirming(false);
      session.end('user');
    },
  });

  return (
    <>
      <PageHeader title={t('settings.title')} back right={<LanguageMenu />} />
      <ul className={s.list}>
        {ROWS.map((row) => (
          <li key={row.to}>
            <Link to={row.to} className={s.row}>
              <Icon name={row.icon} />
              <span className={s.label}>{t(row.label)}</span>
              <Icon name="chevron" size={16} />
            </Link>
          </li>
        ))}
        <li>
          <div className={`${s.row} ${s.disabled}`} aria-disabled="true" data-testid="transaction-password-row">
            <Icon name="lock" />
            <span className={s.label}>{t('settings.transactionPassword')}</span>
            <small>{t('settings.unavailable')}</small>
          </div>
        </li>
      </ul>
      <div className={s.logout}>
        <button type="button" className={s.logoutButton} onClick={() => setConfirming(true)}>
          <Icon name="logout" size={20} />
          {t('settings.logout')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('settings.logout')}
        message={t('settings.logoutConfirm')}
        confirmLabel={t('settings.logout')}
        danger
        busy={logout.isPending}
        onConfirm={() => !logout.isPending && logout.mutate({})}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
