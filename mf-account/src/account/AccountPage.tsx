import { useTranslation } from '@invest/runtime';
import { Link } from 'react-router-dom';
import { DeploymentError, formatMoney, Icon, IconButton, LoadError, MASK, Spinner, StaleNotice, troubleOf, useDeployment } from '@invest/shared';
import { AccountMarkets } from './AccountMarkets';
import { useMaskedAmounts } from './useMaskedAmounts';
import { useUserInfo } from './useUserInfo';
import s from './account.module.css';

export function AccountPage() {
  const { t } = useTranslation('account');
  const account = useUserInfo();
  const deployment = useDeployment();
  const [masked, toggleMasked] = useMaskedAmounts();
  const info = account.data;
  const settings = deployment.data;
  const trouble = troubleOf(account);

  // Amounts need the deployment's currency: without it the page says so and retries, it never guesses one.
  if (!info || !settings) {
    if (!info && trouble) return <LoadError reason={trouble} title={t('account.loadFailed')} onRetry={() => void account.refetch()} busy={account.isFetching} />;
    if (!settings && troubleOf(deployment)) return <DeploymentError deployment={deployment} />;
    return <Spinner />;
  }
  const money = (minor: number) => (masked ? MASK : formatMoney(minor, settings.currency));

  return (
    <div className={s.page}>
      <header className={s.profile}>
        <div className={s.avatar} aria-hidden="true">
          {info.img ? <img src={info.img} alt="" /> : <Icon name="account" size={30} />}
        </div>
        <div className={s.who}>
          <p className={s.name} data-testid="account-name">
            {info.user}
          </p>
          <p className={s.id}>{t('account.id', { no: info.no })}</p>
        </div>
        <Link to="/settings" className={s.settingsLink} aria-label={t('account.settings')}>
          <Icon name="settings" />
        </Link>
      </header>

      {trouble && <StaleNotice reason={trouble} since={account.dataUpdatedAt} prices={false} />}
      <section className={s.wallet} aria-label={t('account.wallet')}>
        <div className={s.walletTop}>
          <span className={s.walletLabel}>{t('account.totalAssets')}</span>
          <IconButton label={masked ? t('account.showAmounts') : t('account.hideAmounts')} onClick={toggleMasked} className={s.eye}>
            <Icon name={masked ? 'eyeOff' : 'eye'} size={20} />
          </IconButton>
          <Link to="/account/changes" className={s.details}>
            {t('account.details')} <Icon name="chevron" size={14} />
          </Link>
        </div>
        <p className={`${s.total} num`} data-testid="total-assets">
          {money(info.total)}
        </p>
        <p className={s.available}>
          {t('account.available')} <span className="num" data-testid="available-balance">{money(info.money)}</span>
        </p>
        <div className={s.actions}>
          <Link to="/recharge" className={s.primaryAction}>
            {t('account.recharge')}
          </Link>
          <Link to="/withdraw" className={s.action}>
            {t('account.withdraw')}
          </Link>
          <Link to="/recharge-records/recharge" className={s.action}>
            {t('account.records')}
          </Link>
        </div>
      </section>
      {/* Total = holdings + cash − loan (the API's user info): with a loan out it can be below the available balance. */}
      {info.loan > 0 && (
        <p className={s.loanNote} data-testid="net-of-loan">
          {t('account.netOfLoan', { amount: money(info.loan) })}
        </p>
      )}

      <Link to="/loan" className={s.loan}>
        <Icon name="wallet" />
        <span className={s.loanText}>
          <strong>{t('account.loan')}</strong>
          <small>{t('account.loanHint')}</small>
        </span>
        <Icon name="chevron" size={16} />
      </Link>

      <AccountMarkets stockMarket={settings.stockMarket} />
    </div>
  );
}
