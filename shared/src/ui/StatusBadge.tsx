import s from './extras.module.css';

/** How a record's state looks: in progress, done, failed, or muted (cancelled, expired without harm, unknown). */
export type StatusTone = 'pending' | 'done' | 'failed' | 'muted';

/** A record's state as a coloured chip; `label` is translated. */
export function StatusBadge({ tone, label, testId = 'status' }: { tone: StatusTone; label: string; testId?: string }) {
  return (
    <span className={`${s.status} ${s[tone]}`} data-testid={testId} data-tone={tone}>
      {label}
    </span>
  );
}
