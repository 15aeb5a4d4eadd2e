import { NavLink, Outlet } from 'react-router-dom';
import { useTranslation } from '@invest/runtime';
import { Button, LanguageMenu, session, useCallMutation } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';
import s from './layout.module.css';

const QUEUES = [
  { path: '/ops/deposits', label: 'nav.deposits' },
  { path: '/ops/withdrawals', label: 'nav.withdrawals' },
  { path: '/ops/kyc', label: 'nav.kyc' },
] as const;

/** The console's frame: the queues in a side navigation, who is signed in and the logout, the queue beside them. */
export function ConsoleLayout() {
  const { t } = useTranslation('ops');
  // The session ends here whatever the API answers: the operator asked to leave.
  const logout = useCallMutation(opsCalls.opsLogout, { onSettled: () => session.end('user') });
  return (
    <div className={s.frame}>
      <header className={s.top}>
        <p className={s.brand}>{t('title')}</p>
        <p className={s.operator}>{t('session.operator', { name: session.user()?.user ?? '' })}</p>
        <LanguageMenu />
        <Button variant="secondary" className={s.logout} busy={logout.isPending} onClick={() => logout.mutate({})}>
          {t('session.logout')}
        </Button>
      </header>
      <nav className={s.nav} aria-label={t('nav.label')}>
        <ul>
          {QUEUES.map((q) => (
            <li key={q.path}>
              <NavLink to={q.path} className={({ isActive }) => (isActive ? `${s.link} ${s.active}` : s.link)}>
                {t(q.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className={s.main}>
        <Outlet />
      </main>
    </div>
  );
}
