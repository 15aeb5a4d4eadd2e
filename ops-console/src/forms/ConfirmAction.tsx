import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, Dialog } from '@invest/shared';
import { FormError } from './fields';
import f from './forms.module.css';

/**
 * Asks before an action that cannot be undone (closing an offer, cancelling an issue, running an allotment, settling
 * or cancelling a fund): what it will do, any field it takes (`children`), and the API's refusal in its own words.
 */
export function ConfirmAction({
  open,
  title,
  message,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('ops');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConfirm();
  };
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <form onSubmit={submit}>
        <p className={f.hint}>{message}</p>
        <p className={f.hint}>{t('confirm.final')}</p>
        <div className={f.form}>{children}</div>
        <FormError message={error} />
        <div className={f.actions}>
          <Button variant="secondary" onClick={onClose} autoFocus={!children}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
