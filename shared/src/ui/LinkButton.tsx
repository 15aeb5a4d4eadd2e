import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import s from './kit.module.css';

/** A link drawn as a compact primary button: the one way out of an empty list or a gate (add a card, recharge). */
export function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={`${s.button} ${s.primary} ${s.compact}`}>
      {children}
    </Link>
  );
}
