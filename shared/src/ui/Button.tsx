import type { ButtonHTMLAttributes } from 'react';
import s from './kit.module.css';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

/** A full-width tap target; `busy` locks it while a call runs, so a double tap never submits twice. */
export function Button({
  variant = 'primary',
  busy = false,
  disabled,
  className,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; busy?: boolean }) {
  return (
    <button
      type="button"
      {...rest}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={[s.button, s[variant], className].filter(Boolean).join(' ')}
    >
      {busy ? <span className={s.spinner} style={{ width: 18, height: 18, borderWidth: 2 }} /> : children}
    </button>
  );
}

export function IconButton({ label, className, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { label: string }) {
  return <button type="button" aria-label={label} title={label} className={[s.iconButton, className].filter(Boolean).join(' ')} {...rest} />;
}
