import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { useNavigate } from 'react-router-dom';
import { Button, calls, failureKey, OfflineNote, PageHeader, TextField, toast, useCallMutation, useOnline } from '@invest/shared';
import { loginPasswordErrors, type LoginPasswordValues } from './passwordRules';
import s from './passwords.module.css';

type Field = keyof LoginPasswordValues;
const FIELDS: { name: Field; label: string; autoComplete: string }[] = [
  { name: 'current', label: 'accountSecurity.loginPassword.current', autoComplete: 'current-password' },
  { name: 'next', label: 'accountSecurity.loginPassword.new', autoComplete: 'new-password' },
  { name: 'confirm', label: 'accountSecurity.loginPassword.confirm', autoComplete: 'new-password' },
];

/**
 * /settings/login-password: current, new and confirm, each with the spec's message once left, submit disabled until
 * all pass. The server checks the current password like a login (wrong ones count toward its limit) and ends every
 * other session of the user; this one stays.
 */
export function LoginPasswordPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const online = useOnline();
  const [values, setValues] = useState<LoginPasswordValues>({ current: '', next: '', confirm: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const errors = loginPasswordErrors(values);
  const valid = Object.keys(errors).length === 0;

  const change = useCallMutation(calls.passwordUp, {
    onSuccess: () => {
      toast(t('accountSecurity.loginPassword.success'), 'success');
      navigate('/settings', { replace: true });
    },
    onError: (e) => setFailure(t(failureKey(e, 'accountSecurity.loginPassword.failed'))),
  });
  const submit = () => {
    if (!valid || change.isPending || !online) return;
    change.mutate({ password: values.current, password_new: values.next });
  };

  return (
    <>
      <PageHeader title={t('titles.loginPassword')} back />
      <form className={s.form} noValidate onSubmit={(e) => (e.preventDefault(), submit())} data-testid="login-password-form">
        <OfflineNote />
        {FIELDS.map((f) => (
          <TextField
            key={f.name}
            name={f.name}
            label={t(f.label)}
            value={values[f.name]}
            onChange={(v) => {
              setValues((prev) => ({ ...prev, [f.name]: v }));
              setFailure(null);
            }}
            onBlur={() => setTouched((prev) => (prev[f.name] ? prev : { ...prev, [f.name]: true }))}
            error={touched[f.name] && errors[f.name] ? t(errors[f.name]!) : null}
            revealable
            autoComplete={f.autoComplete}
          />
        ))}
        <p className={s.note}>{t('accountSecurity.loginPassword.note')}</p>
        {failure && (
          <p className={s.failure} role="alert" data-testid="login-password-failed">
            {failure}
          </p>
        )}
        <Button type="submit" disabled={!valid || !online} busy={change.isPending}>
          {t('accountSecurity.loginPassword.submit')}
        </Button>
      </form>
    </>
  );
}
