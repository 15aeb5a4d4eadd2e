import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, calls, failureKey, TextField, toast, useCallMutation } from '@invest/shared';
import { formError, RegisterForm } from '@invest/shared/forms';
import { AuthLayout } from './AuthLayout';
import { useAuthNavigate } from './authNavigation';
import { FormError, PhoneField } from './fields';
import { Link } from './link';
import { keepingNext } from './nextPage';

export function RegisterScreen() {
  const { t } = useTranslation('shell');
  const navigate = useAuthNavigate();
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const register = useCallMutation(calls.register);
  const busy = register.isPending;
  const run = () => {
    if (busy) return;
    const invalid = formError(RegisterForm, { user, password, confirm, code });
    if (invalid) return setError(t(`hint.${invalid}`));
    setError(null);
    register.mutate(
      { user, password, code: code.trim() },
      {
        onSuccess: () => {
          toast(t('auth.registerSuccess'), 'success');
          navigate(keepingNext(`/login?phone=${user}`), { replace: true });
        },
        onError: (e) => setError(t(failureKey(e, 'auth.registerFailed'))),
      },
    );
  };

  return (
    <AuthLayout
      title={t('auth.registerTitle')}
      subtitle={t('auth.registerSubtitle')}
      footer={
        <>
          {t('auth.haveAccount')}
          <Link to={keepingNext('/login')}>{t('auth.login')}</Link>
        </>
      }
    >
      <form noValidate onSubmit={(e) => (e.preventDefault(), run())}>
        <PhoneField value={user} onChange={setUser} />
        <TextField
          label={t('auth.password')}
          placeholder={t('auth.passwordPlaceholder')}
          value={password}
          onChange={setPassword}
          revealable
          autoComplete="new-password"
          name="password"
        />
        <TextField label={t('auth.confirmPassword')} value={confirm} onChange={setConfirm} revealable autoComplete="new-password" name="confirm" />
        <TextField label={t('auth.inviteCode')} value={code} onChange={setCode} autoCapitalize="characters" name="code" />
        <FormError message={error} />
        <Button type="submit" busy={busy}>
          {t('auth.register')}
        </Button>
      </form>
    </AuthLayout>
  );
}
