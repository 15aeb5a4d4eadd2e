import { useState, type FormEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, Dialog, TextField } from '@invest/shared';
import s from './queue.module.css';

/** Asks for the reason the user will read (failing a deposit, refunding a withdrawal, rejecting a check), then sends it. */
export function ReasonDialog({
  open,
  title,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  reasonLabel,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  busy: boolean;
  /** The API's refusal, translated. */
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  /** The reason field's label, when the user is not the one who reads it. */
  reasonLabel?: string;
}) {
  const { t } = useTranslation('ops');
  const [reason, setReason] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim()) onConfirm(reason.trim());
  };
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form onSubmit={submit}>
        <TextField label={reasonLabel ?? t('action.reason')} value={reason} onChange={setReason} maxLength={500} autoFocus error={error} />
        <div className={s.actions}>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={busy} disabled={!reason.trim()}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
