import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import s from './common.module.css';

/** An order's status as a coloured label (status_label of the contract: pending, success, cancelled, expired). */
export function StatusBadge({ label }: { label: 'pending' | 'success' | 'cancelled' | 'expired' }) {
  const { t } = useTranslation();
  return (
    <span className={`${s.badge} ${s[label]}`} data-testid="status" data-status={label}>
      {t(`trading.records.status.${label}`)}
    </span>
  );
}

/** A signed amount in the market's colours. */
export function Signed({ value, children, testId }: { value: number | null; children: ReactNode; testId?: string }) {
  const tone = value === null || value === 0 ? s.flat : value > 0 ? s.up : s.down;
  return (
    <span className={`${tone} num`} data-testid={testId}>
      {children}
    </span>
  );
}
