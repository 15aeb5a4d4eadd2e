import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, callKey, calls, Dialog, failureKey, OfflineNote, TextField, toast, useCallMutation, useOnline, useQueryClient } from '@invest/shared';
import { isTradePassword, tradeDigits, tradePasswordErrors } from './passwordRules';
import s from './passwords.module.css';

/**
 * The spec's transaction-password dialog: two 6-digit fields. The sixth digit of the first moves focus to the
 * confirm field; backspace on an empty confirm field returns to the first; save is enabled only when both hold
 * 6 equal digits. Setting it the first time needs nothing more; changing it (`isSet`) needs the login password.
 */
export function TradePasswordDialog({ isSet, onClose }: { isSet: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const client = useQueryClient();
  const online = useOnline();
  const box = useRef<HTMLDivElement>(null);
  const [first, setFirst] = useState('');
  const [confirm, setConfirm] = useState('');
  const [loginPassword, setLoginPassword] = useState('');
  const [touched, setTouched] = useState({ first: false, confirm: false });
  const [failure, setFailure] = useState<string | null>(null);
  const errors = tradePasswordErrors(first, confirm);
  const ready = isTradePassword(first) && confirm === first && (!isSet || loginPassword.length > 0);

  const input = (name: string) => box.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const save = useCallMutation(calls.passwordUp, {
    onSuccess: () => {
      toast(t(isSet ? 'accountSecurity.tradePassword.modifySuccess' : 'accountSecurity.tradePassword.setSuccess'), 'success');
      void client.invalidateQueries({ queryKey: callKey(calls.tradePasswordState) });
      onClose();
    },
    onError: (e) => setFailure(t(failureKey(e, isSet ? 'accountSecurity.tradePassword.modifyFailed' : 'accountSecurity.tradePassword.setFailed'))),
  });
  const submit = () => {
    if (!ready || save.isPending || !online) return;
    save.mutate({ type: 'transaction', fund_code_new: first, is_first: !isSet, ...(isSet ? { password: loginPassword } : {}) });
  };
  const changeFirst = (v: string) => {
    const digits = tradeDigits(v);
    setFirst(digits);
    setFailure(null);
    if (isTradePassword(digits) && digits !== first) input('confirm')?.focus();
  };
  const confirmKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && confirm === '') {
      e.preventDefault();
      input('first')?.focus();
    }
  };
  const close = () => !save.isPending && onClose();

  return (
    <Dialog open onClose={close} title={t(isSet ? 'accountSecurity.tradePassword.modifyTitle' : 'accountSecurity.tradePassword.setTitle')}>
      <form noValidate onSubmit={(e) => (e.preventDefault(), submit())} data-testid="trade-password-dialog">
        <div ref={box}>
          <OfflineNote />
          <p className={s.note}>{t('accountSecurity.tradePassword.hint')}</p>
          <TextField
            name="first"
            label={t('accountSecurity.tradePassword.field')}
            value={first}
            onChange={changeFirst}
            onBlur={() => setTouched((p) => ({ ...p, first: true }))}
            error={touched.first && errors.first ? t(errors.first) : null}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            autoFocus
          />
          <TextField
            name="confirm"
            label={t('accountSecurity.tradePassword.confirm')}
            value={confirm}
            onChange={(v) => {
              setConfirm(tradeDigits(v));
              setFailure(null);
            }}
            onKeyDown={confirmKey}
            onBlur={() => setTouched((p) => ({ ...p, confirm: true }))}
            error={(touched.confirm || confirm.length === 6) && errors.confirm ? t(errors.confirm) : null}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
          />
          {isSet && (
            <TextField
              name="login-password"
              label={t('accountSecurity.tradePassword.loginPassword')}
              value={loginPassword}
              onChange={(v) => {
                setLoginPassword(v);
                setFailure(null);
              }}
              revealable
              autoComplete="current-password"
            />
          )}
        </div>
        {failure && (
          <p className={s.failure} role="alert">
            {failure}
          </p>
        )}
        <div className={s.actions}>
          <Button variant="secondary" onClick={close} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={!ready || !online} busy={save.isPending} data-testid="trade-password-save">
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
