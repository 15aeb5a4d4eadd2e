import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, calls, failureKey, formError, LoginForm, sanitizePhone, session, TextField, toast, useCallMutation } from '@invest/shared';
import { navigate } from '../navigation';
import { AuthLayout } from './AuthLayout';
import { FormError, PhoneField } from './fields';
import { Link } from './link';
import s from './auth.module.css';

export function LoginScreen() {
  const { t } = useTranslation();
  const remembered = session.remembered();
  const prefill = new URLSearchParams(window.location.search).get('phone');
  const [user, setUser] = useState(() => sanitizePhone(prefill ?? remembered?.user ?? ''));
  const [password, setPassword] = useState(() => (prefill ? '' : (remembered?.password ?? '')));
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // Sent here because the server refused the token (not by a logout): say so.
  const [expired] = useState(() => session.endReason() === 'expired');

  const login = useCallMutation(calls.login);
  const busy = login.isPending;
  const run = () => {
    if (busy) return;
    const invalid = formError(LoginForm, { user, password });
    if (invalid) return setError(t(`hint.${invalid}`));
    setError(null);
    login.mutate(
      { user, password },
      {
        onSuccess: (r) => {
          session.start(r.token, { id: r.id, user: r.user, login: r.login }, remember ? { user, password } : null);
          toast(t('hint.loginSuccess'), 'success');
          navigate('/', { replace: true });
        },
        onError: (e) => setError(t(failureKey(e, 'hint.loginFailed'))),
      },
    );
  };

  return (
    <AuthLayout
      title={t('auth.loginTitle')}
      subtitle={t('auth.loginSubtitle')}
      footer={
        <>
          {t('auth.noAccount')}
          <Link to="/register">{t('auth.register')}</Link>
        </>
      }
    >
      {expired && (
        <p className={s.notice} role="status">
          {t('auth.sessionExpired')}
        </p>
      )}
      <form noValidate onSubmit={(e) => (e.preventDefault(), run())}>
        <PhoneField value={user} onChange={setUser} />
        <TextField
          label={t('auth.password')}
          value={password}
          onChange={setPassword}
          revealable
          autoComplete="current-password"
          name="password"
        />
        <div className={s.row}>
          <label className={s.check}>
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            {t('auth.rememberMe')}
          </label>
          <Link to="/forgot-password">{t('auth.forgot')}</Link>
        </div>
        <FormError message={error} />
        <Button type="submit" busy={busy}>
          {t('auth.login')}
        </Button>
      </form>
    </AuthLayout>
  );
}
