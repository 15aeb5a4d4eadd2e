import type { ReactNode } from 'react';
import { useAuthNavigate } from './authNavigation';

/** A link between the auth screens: in-app inside the shell, a page load on the standalone login page. */
export function Link({ to, children, replace }: { to: string; children: ReactNode; replace?: boolean }) {
  const navigate = useAuthNavigate();
  return (
    <a
      href={to}
      onClick={(e) => {
        e.preventDefault();
        navigate(to, { replace });
      }}
    >
      {children}
    </a>
  );
}
