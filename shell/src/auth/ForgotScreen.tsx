import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, calls, failureKey, session, TextField, toast, useCallMutation } from '@invest/shared';
import { formError, NewPasswordForm } from '@invest/shared/forms';
import { AuthLayout } from './AuthLayout';
import { useAuthNavigate } from './authNavigation';
import { FormError } from './fields';
import { Link } from './link';

/** How long the "no login information" message shows before the screen returns to login (spec §5). */
export const NO_LOGIN_RETURN_MS = 1500;

/** Reset the password with the remembered login: the phone and old password come from it. */
export function ForgotScreen() {
  const { t } = useTranslation();
  const navigate = useAuthNavigate();
  const [remembered] = useState(() => session.remembered());
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (remembered) return;
    toast(t('hint.noLoginInfo'), 'error');
    const timer = setTimeout(() => navigate('/login', { replace: true }), NO_LOGIN_RETURN_MS);
    return () => clearTimeout(timer);
  }, [remembered, t, navigate]);

  const reset = useCallMutation(calls.forget);
  const busy = reset.isPending;
  const run = () => {
    if (busy) return;
    if (!remembered) return setError(t('hint.noLoginInfo'));
    const invalid = formError(NewPasswordForm, { password, confirm });
    if (invalid) return setError(t(`hint.${invalid}`));
    setError(null);
    reset.mutate(
      { user: remembered.user, password: remembered.password, new_password: password },
      {
        onSuccess: () => {
          session.updateRememberedPassword(password);
          toast(t('hint.resetSuccess'), 'success');
          navigate('/login', { replace: true });
        },
        onError: (e) => setError(t(failureKey(e, 'hint.resetFailed'))),
      },
    );
  };

  return (
    <AuthLayout
      title={t('auth.resetTitle')}
      subtitle={remembered ? t('auth.resetSubtitle', { phone: remembered.user }) : t('hint.noLoginInfo')}
      footer={<Link to="/login">{t('auth.login')}</Link>}
    >
      <form noValidate onSubmit={(e) => (e.preventDefault(), run())}>
        <TextField
          label={t('auth.newPassword')}
          placeholder={t('auth.passwordPlaceholder')}
          value={password}
          onChange={setPassword}
          revealable
          autoComplete="new-password"
          disabled={!remembered}
          name="new_password"
        />
        <TextField
          label={t('auth.confirmNewPassword')}
          value={confirm}
          onChange={setConfirm}
          revealable
          autoComplete="new-password"
          disabled={!remembered}
          name="confirm"
        />
        <FormError message={error} />
        <Button type="submit" busy={busy} disabled={!remembered}>
          {t('auth.reset')}
        </Button>
      </form>
    </AuthLayout>
  );
}
