import { useTranslation } from '@invest/runtime';
import { StatusBadge } from '@invest/shared';
import type { StatusView } from '../lib/status';

/** A record's state as the kit's coloured chip, in the wallet's words. */
export function RecordStatus({ status }: { status: StatusView }) {
  const { t } = useTranslation('wallet');
  return <StatusBadge tone={status.tone} label={t(`status.${status.key}`)} />;
}
