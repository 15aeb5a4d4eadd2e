import type { ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { changeClass, StatusBadge, type Order, type StatusTone } from '@invest/shared';

const TONES: Record<Order['status_label'], StatusTone> = { pending: 'pending', success: 'done', cancelled: 'muted', expired: 'failed' };

/** An order's status (the contract's status_label) as the kit's coloured chip. */
export function OrderStatus({ label }: { label: Order['status_label'] }) {
  const { t } = useTranslation('trading');
  return <StatusBadge tone={TONES[label]} label={t(`records.status.${label}`)} />;
}

/** A signed amount in the market's colours. */
export function Signed({ value, children, testId }: { value: number | null; children: ReactNode; testId?: string }) {
  return (
    <span className={`${changeClass(value ?? 0)} num`} data-testid={testId}>
      {children}
    </span>
  );
}
