import { NavLink, Outlet } from 'react-router-dom';
import { useTranslation } from '@invest/runtime';
import { Button, LanguageMenu, session, useCallMutation } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';
import { pagesFor, useOperator } from '../roles';
import s from './layout.module.css';

/**
 * The console's frame: the pages the operator's role may use in a side navigation (none until the role is known), who
 * is signed in and in which role, the logout, and the page beside them.
 */
export function ConsoleLayout() {
  const { t } = useTranslation('ops');
  const me = useOperator().data;
  // The session ends here whatever the API answers: the operator asked to leave.
  const logout = useCallMutation(opsCalls.opsLogout, { onSettled: () => session.end('user') });
  return (
    <div className={s.frame}>
      <header className={s.top}>
        <p className={s.brand}>{t('title')}</p>
        <p className={s.operator}>
          <span>{t('session.operator', { name: me?.user ?? session.user()?.user ?? '' })}</span>
          {me && <span className={s.role}>{t(`role.${me.role}`)}</span>}
        </p>
        <LanguageMenu />
        <Button variant="secondary" className={s.logout} busy={logout.isPending} onClick={() => logout.mutate({})}>
          {t('session.logout')}
        </Button>
      </header>
      <nav className={s.nav} aria-label={t('nav.label')}>
        <ul>
          {me &&
            pagesFor(me.role).map((q) => (
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
