import { Suspense, useEffect, type ComponentType } from 'react';
import { lazyScreen, RemoteBoundary, Spinner, ToastHost, useLoggedIn } from '@invest/shared';
import { AuthNavigation } from '../auth/authNavigation';
import { LoginScreen } from '../auth/LoginScreen';
import { navigate } from '../navigation';
import { preloadRoute } from '../registry';
import { guardRedirect, routeFor } from '../routes';
import { BottomNav } from './BottomNav';
import { DesktopWarning } from './DesktopWarning';
import { NotFound } from './NotFound';
import { ServiceButton } from './ServiceButton';
import { usePathname, usePathWithQuery } from './useLocation';
import { useOverlayOpen } from './useOverlayOpen';

// The login screen comes with the shell (the first screen of a new session); the other two load when opened.
const RegisterScreen = lazyScreen(() => import('../auth/RegisterScreen'), 'RegisterScreen');
const ForgotScreen = lazyScreen(() => import('../auth/ForgotScreen'), 'ForgotScreen');

const SHELL_SCREENS: Record<string, ComponentType> = {
  '/login': LoginScreen,
  '/register': RegisterScreen,
  '/forgot-password': ForgotScreen,
};

/** The shell's own UI around the remotes: auth screens, the bottom nav, the service button, toasts. */
export function Shell() {
  const pathname = usePathname();
  const path = usePathWithQuery();
  const loggedIn = useLoggedIn();
  const overlayOpen = useOverlayOpen();
  const route = routeFor(pathname);
  const redirect = guardRedirect(path, loggedIn);

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect]);

  const showNav = Boolean(loggedIn && route?.nav && !overlayOpen);
  useEffect(() => {
    document.documentElement.dataset.nav = showNav ? 'shown' : 'hidden';
  }, [showNav]);

  // The remotes' area takes the screen only while a remote owns it: on the shell's own screens (login after a
  // logout) the elements the remotes left behind must not push the form below an empty screen.
  const remoteScreen = Boolean(loggedIn && route && route.owner !== 'shell');
  useEffect(() => {
    document.documentElement.dataset.screen = remoteScreen ? 'remote' : 'shell';
  }, [remoteScreen]);

  if (redirect) return <ToastHost />;
  const Screen = route?.owner === 'shell' ? SHELL_SCREENS[route.pattern] : undefined;
  return (
    <>
      <DesktopWarning />
      <ToastHost />
      {/* A screen whose code cannot download (offline) gets the retry panel, which retries once back online. */}
      {Screen && (
        <RemoteBoundary key={route?.pattern} name="shell">
          <Suspense fallback={<Spinner />}>
            <AuthNavigation.Provider value={navigate}>
              <Screen />
            </AuthNavigation.Provider>
          </Suspense>
        </RemoteBoundary>
      )}
      {!route && <NotFound />}
      {loggedIn && route?.service && !overlayOpen && <ServiceButton />}
      {showNav && <BottomNav pathname={pathname} onIntent={preloadRoute} />}
    </>
  );
}
