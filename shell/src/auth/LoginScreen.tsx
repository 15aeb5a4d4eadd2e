import { useRef, useState } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, call, calls, failureKey, sanitizePhone, session, TextField, toast } from '@invest/shared';
import { AuthLayout } from './AuthLayout';
import { useAuthNavigate } from './authNavigation';
import { FormError, PhoneField } from './fields';
import { Link } from './link';
import { keepingNext, pageAfterLogin } from './nextPage';
import s from './auth.module.css';

/**
 * The form's rules (the contract's zod schemas) load when the user starts on the form, not with the page: the login
 * screen is many users' first page, and its phone and password rules are needed only at submit.
 */
const loadRules = () => import('@invest/shared/forms');

/** What is wrong with the form (a `hint.` key), or null. Offline before the rules arrived, the request could not go either. */
async function ruleIssue(user: string, password: string): Promise<string | null> {
  try {
    const { formError, LoginForm } = await loadRules();
    return formError(LoginForm, { user, password });
  } catch {
    return 'network';
  }
}

export function LoginScreen() {
  const { t } = useTranslation('shell');
  // The phone from the register or reset screen, else the remembered one; the password is never kept.
  const [user, setUser] = useState(() => sanitizePhone(new URLSearchParams(window.location.search).get('phone') ?? session.remembered()?.user ?? ''));
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState<string | null>(null);
  // Sent here because the server refused the token (not by a logout): say so.
  const [expired] = useState(() => session.endReason() === 'expired');

  // A plain call, not a TanStack mutation: the standalone login page carries no query client (issue 9's 120 KB).
  const navigate = useAuthNavigate();
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (running.current) return; // a double tap sends one login
    running.current = true;
    setBusy(true);
    try {
      const invalid = await ruleIssue(user, password);
      if (invalid) return setError(t(`hint.${invalid}`));
      setError(null);
      const r = await call(calls.login, { user, password });
      session.start(r.token, { id: r.id, user: r.user, login: r.login }, remember ? { user } : null);
      toast(t('auth.loginSuccess'), 'success');
      navigate(pageAfterLogin(), { replace: true });
    } catch (e) {
      setError(t(failureKey(e, 'auth.loginFailed')));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t('auth.loginTitle')}
      subtitle={t('auth.loginSubtitle')}
      footer={
        <>
          {t('auth.noAccount')}
          <Link to={keepingNext('/register')}>{t('auth.register')}</Link>
        </>
      }
    >
      {expired && (
        <p className={s.notice} role="status">
          {t('auth.sessionExpired')}
        </p>
      )}
      <form noValidate onFocusCapture={() => void loadRules().catch(() => undefined)} onSubmit={(e) => (e.preventDefault(), void run())}>
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
            {t('auth.rememberPhone')}
          </label>
          <Link to={keepingNext('/forgot-password')}>{t('auth.forgot')}</Link>
        </div>
        <FormError message={error} />
        <Button type="submit" busy={busy}>
          {t('auth.login')}
        </Button>
      </form>
    </AuthLayout>
  );
}
