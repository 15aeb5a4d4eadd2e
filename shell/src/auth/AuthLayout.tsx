import type { ReactNode } from 'react';
import { LanguageMenu } from '@invest/shared';
import s from './auth.module.css';

export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className={s.page}>
      <div className={s.top}>
        <span className={s.brand} aria-hidden="true">
          ▲
        </span>
        <LanguageMenu />
      </div>
      <h1 className={s.title}>{title}</h1>
      <p className={s.subtitle}>{subtitle}</p>
      {children}
      {footer && <div className={s.footer}>{footer}</div>}
    </div>
  );
}
