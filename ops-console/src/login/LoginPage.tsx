import { useState, type FormEvent } from 'react';
import { useTranslation } from '@invest/runtime';
import { Button, failureKey, session, TextField } from '@invest/shared';
import { operatorLogin } from './operatorLogin';
import s from './login.module.css';

/** The operator's sign-in (name and password); the API's refusal is shown in its translated words. */
export function LoginPage() {
  const { t } = useTranslation('ops');
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ready = user.trim() !== '' && password !== '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await operatorLogin(user.trim(), password);
    } catch (err) {
      setError(t(failureKey(err, 'login.failed')));
      setBusy(false);
    }
  };

  return (
    <main className={s.page}>
      <form className={s.card} onSubmit={(e) => void submit(e)} aria-labelledby="ops-login-title">
        <p className={s.brand}>{t('title')}</p>
        <h1 id="ops-login-title" className={s.title}>
          {t('login.title')}
        </h1>
        {session.endReason() === 'expired' && !error && (
          <p className={s.note} role="status">
            {t('login.expired')}
          </p>
        )}
        <TextField label={t('login.user')} value={user} onChange={setUser} autoComplete="username" autoFocus />
        <TextField label={t('login.password')} value={password} onChange={setPassword} revealable autoComplete="current-password" error={error} />
        <Button type="submit" busy={busy} disabled={!ready}>
          {t('login.submit')}
        </Button>
      </form>
    </main>
  );
}
