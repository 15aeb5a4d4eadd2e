import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from '@invest/runtime';
import { Button, LanguageMenu, RemoteBoundary, session, Spinner, useCallMutation } from '@invest/shared';
import { opsCalls } from '@invest/shared/ops-calls';
import { pagesFor, useOperator, type PageGroup } from '../roles';
import s from './layout.module.css';

const GROUPS: readonly PageGroup[] = ['queues', 'products', 'admin'];

/**
 * The console's frame: the pages the operator's role may use in a side navigation by section (none until the role is
 * known), who is signed in and in which role, the logout, and the page beside them. A page whose code comes in a
 * chunk of its own shows a spinner until it has come, and a retry panel if it could not (the frame stays).
 */
export function ConsoleLayout() {
  const { t } = useTranslation('ops');
  const { pathname } = useLocation();
  const me = useOperator().data;
  const pages = me ? pagesFor(me.role) : [];
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
        {GROUPS.map((group) => {
          const inGroup = pages.filter((p) => p.group === group);
          if (!inGroup.length) return null;
          return (
            <div key={group} className={s.section}>
              <p className={s.group} id={`nav-${group}`}>
                {t(`navGroup.${group}`)}
              </p>
              <ul aria-labelledby={`nav-${group}`}>
                {inGroup.map((q) => (
                  <li key={q.path}>
                    <NavLink to={q.path} className={({ isActive }) => (isActive ? `${s.link} ${s.active}` : s.link)}>
                      {t(q.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <main className={s.main}>
        <RemoteBoundary key={pathname} name="ops-console">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </RemoteBoundary>
      </main>
    </div>
  );
}
