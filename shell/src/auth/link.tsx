import type { ReactNode } from 'react';
import { navigate } from '../navigation';

/** An in-app link that navigates without reloading the page. */
export function Link({ to, children, replace }: { to: string; children: ReactNode; replace?: boolean }) {
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
