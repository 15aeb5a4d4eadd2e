import { useTranslation } from 'react-i18next';
import type { StatusView } from '../lib/status';
import s from './wallet.module.css';

/** A record's state as a coloured label. */
export function StatusBadge({ status, testId = 'status' }: { status: StatusView; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`${s.badge} ${s[status.tone]}`} data-testid={testId} data-tone={status.tone}>
      {t(`wallet.status.${status.key}`)}
    </span>
  );
}

