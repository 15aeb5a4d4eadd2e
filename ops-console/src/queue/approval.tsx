import { useMemo } from 'react';
import { useTranslation } from '@invest/runtime';
import { formatTime } from '@invest/shared';
import type { QueueColumn } from './QueueTable';

/** The first of two approvals a large withdrawal or loan needs (four eyes): who gave it and when. */
export interface FirstApproval {
  operator: string;
  at: string;
}

/** A queue's "Approval" column: whether a second operator must still approve, and who gave the first approval. */
export function useApprovalColumn<T extends { first_approval?: FirstApproval }>(): QueueColumn<T> {
  const { t } = useTranslation('ops');
  return useMemo(
    () => ({
      id: 'approval',
      header: t('col.approval'),
      // The panel names the first approver and the time (FirstApprovalFacts).
      inPanel: false,
      wrap: true,
      value: (r: T) => (r.first_approval ? t('approval.awaiting', { name: r.first_approval.operator }) : ''),
    }),
    [t],
  );
}

/** The toast after a Pay out or Approve: a first approval (the request is still waiting) or the request carried out. */
export const afterApproval =
  (firstText: string, doneText: string) =>
  (answer: { first_approval?: FirstApproval }): string =>
    answer.first_approval ? firstText : doneText;

/** In the side panel: who approved first and when (nothing before a first approval). */
export function FirstApprovalFacts({ approval }: { approval: FirstApproval | undefined }) {
  const { t } = useTranslation('ops');
  if (!approval) return null;
  return (
    <>
      <dt>{t('col.approval')}</dt>
      <dd>{t('approval.by', { name: approval.operator, at: formatTime(approval.at) })}</dd>
    </>
  );
}
