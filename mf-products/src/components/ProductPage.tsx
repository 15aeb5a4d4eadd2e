import type { ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { Link } from 'react-router-dom';
import { PageHeader } from '@invest/shared';
import s from './products.module.css';

/** Every product screen's frame: the header with back and, where the screen has one, its link (orders, positions). */
export function ProductPage({ title, link, children }: { title: string; link?: { to: string; label: string }; children: ReactNode }) {
  const { t } = useTranslation('products');
  return (
    <div className={s.page}>
      <PageHeader
        title={t(title)}
        back
        right={
          link && (
            <Link to={link.to} className={s.headerLink}>
              {t(link.label)}
            </Link>
          )
        }
      />
      {children}
    </div>
  );
}
