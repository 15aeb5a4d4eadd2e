import type { ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { Link } from 'react-router-dom';
import { PageHeader } from '@invest/shared';
import w from './wallet.module.css';

/** Every wallet screen's frame, written once: the header with back and, on most screens, one link at its right. */
export function WalletPage({ title, link, children }: { title: string; link?: { to: string; label: string }; children: ReactNode }) {
  const { t } = useTranslation('wallet');
  return (
    <div className={w.page}>
      <PageHeader
        title={t(title)}
        back
        right={
          link && (
            <Link to={link.to} className={w.headerLink}>
              {t(link.label)}
            </Link>
          )
        }
      />
      {children}
    </div>
  );
}
