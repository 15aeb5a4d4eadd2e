import { useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, calls, failureKey, session, TextField, toast, useCallMutation } from '@invest/shared';
import { formError, ResetForm } from '@invest/shared/forms';
import { AuthLayout } from './AuthLayout';
import { useAuthNavigate } from './authNavigation';
import { FormError, PhoneField } from './fields';
import { Link } from './link';
import { keepingNext } from './nextPage';

/**
 * Reset the password: the reset call checks the old one, so the user gives phone and old password (nothing of them is
 * kept on the phone but the remembered phone number, which fills the field), then the new password twice.
 */
export function ForgotScreen() {
  const { t } = useTranslation('shell');
  const navigate = useAuthNavigate();
  const [user, setUser] = useState(() => session.remembered()?.user ?? '');
  const [password, setPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  const reset = useCallMutation(calls.forget);
  const busy = reset.isPending;
  const run = () => {
    if (busy) return;
    const invalid = formError(ResetForm, { user, password, new_password: newPassword, confirm });
    if (invalid) return setError(t(`hint.${invalid}`));
    setError(null);
    reset.mutate(
      { user, password, new_password: newPassword },
      {
        onSuccess: () => {
          toast(t('auth.resetSuccess'), 'success');
          navigate(keepingNext(`/login?phone=${user}`), { replace: true });
        },
        onError: (e) => setError(t(failureKey(e, 'auth.resetFailed'))),
      },
    );
  };

  return (
    <AuthLayout title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')} footer={<Link to={keepingNext('/login')}>{t('auth.login')}</Link>}>
      <form noValidate onSubmit={(e) => (e.preventDefault(), run())}>
        <PhoneField value={user} onChange={setUser} />
        <TextField label={t('auth.oldPassword')} value={password} onChange={setPassword} revealable autoComplete="current-password" name="password" />
        <TextField
          label={t('auth.newPassword')}
          placeholder={t('auth.passwordPlaceholder')}
          value={newPassword}
          onChange={setNewPassword}
          revealable
          autoComplete="new-password"
          name="new_password"
        />
        <TextField label={t('auth.confirmNewPassword')} value={confirm} onChange={setConfirm} revealable autoComplete="new-password" name="confirm" />
        <FormError message={error} />
        <Button type="submit" busy={busy}>
          {t('auth.reset')}
        </Button>
      </form>
    </AuthLayout>
  );
}
