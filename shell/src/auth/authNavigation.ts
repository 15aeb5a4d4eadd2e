import { createContext, useContext } from 'react';

export type Navigate = (path: string, opts?: { replace?: boolean }) => void;

/**
 * How the auth screens move on. Inside the shell it is an in-app navigation (single-spa); on the standalone login
 * page (shell/src/loginPage) it is a full page load, since that page carries no router and no other screen.
 */
export const AuthNavigation = createContext<Navigate | null>(null);

export function useAuthNavigate(): Navigate {
  const navigate = useContext(AuthNavigation);
  if (!navigate) throw new Error('An auth screen rendered outside an AuthNavigation provider');
  return navigate;
}
