import { RECHARGE_STATUS, WITHDRAW_STATUS, type StatusTone } from '@invest/shared';
import { LOAN_STATE_LABELS } from '@invest/shared/values/loans';

/** How a record's state reads (its key under wallet.status) and looks (the kit's StatusBadge tone). */
export interface StatusView {
  /** Key under wallet.status. */
  key: string;
  tone: StatusTone;
}

const UNKNOWN: StatusView = { key: 'unknown', tone: 'muted' };

/** Recharge records (spec §4): 1 in progress, 2 completed, 3 failed; anything else unknown. */
export function rechargeStatus(status: number): StatusView {
  if (status === RECHARGE_STATUS.inProgress) return { key: 'inProgress', tone: 'pending' };
  if (status === RECHARGE_STATUS.completed) return { key: 'completed', tone: 'done' };
  if (status === RECHARGE_STATUS.failed) return { key: 'failed', tone: 'failed' };
  return UNKNOWN;
}

/** Withdraw records (spec §4): n in progress, y completed, b failed; anything else unknown. */
export function withdrawStatus(status: string): StatusView {
  if (status === WITHDRAW_STATUS.inProgress) return { key: 'inProgress', tone: 'pending' };
  if (status === WITHDRAW_STATUS.completed) return { key: 'completed', tone: 'done' };
  if (status === WITHDRAW_STATUS.failed) return { key: 'failed', tone: 'failed' };
  return UNKNOWN;
}

const LOAN_TONES: Record<(typeof LOAN_STATE_LABELS)[number], StatusTone> = {
  unapplied: 'muted',
  applying: 'pending',
  approved: 'done',
  rejected: 'failed',
  unpaid: 'pending',
  paid: 'done',
};

/** Loan records (spec §4, by index): unapplied, applying, approved, rejected, unpaid, paid; anything else unknown. */
export function loanStatus(state: number): StatusView {
  const label = Number.isInteger(state) ? LOAN_STATE_LABELS[state] : undefined;
  return label ? { key: `loan.${label}`, tone: LOAN_TONES[label] } : UNKNOWN;
}
