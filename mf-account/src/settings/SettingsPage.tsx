import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Link } from 'react-router-dom';
import { calls, ConfirmDialog, formatTime, Icon, LanguageMenu, PageHeader, session, useCall, useCallMutation, type IconName } from '@invest/shared';
import { TradePasswordDialog } from '../passwords/TradePasswordDialog';
import s from './settings.module.css';

const ROWS: { to: string; label: string; icon: IconName }[] = [
  { to: '/settings/login-password', label: 'settings.loginPassword', icon: 'lock' },
  { to: '/settings/real-name', label: 'settings.realName', icon: 'id' },
  { to: '/settings/bank-cards', label: 'settings.bankCards', icon: 'card' },
];

export function SettingsPage() {
  const { t } = useTranslation('account');
  const [confirming, setConfirming] = useState(false);
  const [tradeDialog, setTradeDialog] = useState(false);
  // Whether a transaction password exists decides set or change; the dialog opens even if this could not load.
  const trade = useCall(calls.tradePasswordState).data;

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
          <button type="button" className={`${s.row} ${s.rowButton}`} onClick={() => setTradeDialog(true)} data-testid="transaction-password-row">
            <Icon name="lock" />
            <span className={s.label}>{t('settings.transactionPassword')}</span>
            {trade && (
              <small className={s.state}>
                {trade.locked_until
                  ? t('accountSecurity.tradePassword.lockedUntil', { time: formatTime(trade.locked_until) })
                  : t(trade.is_set ? 'accountSecurity.tradePassword.set' : 'accountSecurity.tradePassword.notSet')}
              </small>
            )}
            <Icon name="chevron" size={16} />
          </button>
        </li>
      </ul>
      <div className={s.logout}>
        <button type="button" className={s.logoutButton} onClick={() => setConfirming(true)}>
          <Icon name="logout" size={20} />
          {t('settings.logout')}
        </button>
      </div>
      {tradeDialog && <TradePasswordDialog isSet={trade?.is_set ?? false} onClose={() => setTradeDialog(false)} />}
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
