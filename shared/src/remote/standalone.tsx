import { useState, type ComponentType } from 'react';
import { useTranslation } from '@invest/runtime';
// The package by name, not by path: a remote running alone must use the same @invest/shared instance as its screens.
import {
  Button,
  call,
  calls,
  errorKeyOf,
  PageHeader,
  RemoteBoundary,
  sanitizePhone,
  session,
  TextField,
  ToastHost,
  useLoggedIn,
  type Texts,
} from '@invest/shared';
import { formError, LoginForm } from '@invest/shared/forms';
import '@invest/shared/styles.css';
import { mountPage } from './mountPage';

/** A team's own login while it runs its remote alone (the real login screens belong to the shell). */
function TeamLogin() {
  const { t } = useTranslation();
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const invalid = formError(LoginForm, { user, password });
    if (invalid) return setError(t(`hint.${invalid}`));
    setBusy(true);
    try {
      const r = await call(calls.login, { user, password });
      session.start(r.token, { id: r.id, user: r.user, login: r.login }, null);
    } catch (e) {
      setError(t(`hint.${errorKeyOf(e)}`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <PageHeader title={t('login.title')} />
      <form style={{ padding: 16 }} onSubmit={(e) => (e.preventDefault(), void submit())}>
        <TextField label={t('login.phone')} value={user} onChange={(v) => setUser(sanitizePhone(v))} inputMode="numeric" />
        <TextField label={t('login.password')} value={password} onChange={setPassword} revealable error={error} />
        <Button type="submit" busy={busy}>
          {t('login.title')}
        </Button>
      </form>
    </div>
  );
}

function Frame({ name, App }: { name: string; App: ComponentType }) {
  const loggedIn = useLoggedIn();
  return (
    <>
      <ToastHost />
      {loggedIn ? (
        <RemoteBoundary name={name}>
          <App />
        </RemoteBoundary>
      ) : (
        <TeamLogin />
      )}
    </>
  );
}

/** `npm run dev -w <remote>`: the remote alone on its own port, against the API, with its own texts. */
export function mountStandalone(name: string, App: ComponentType, texts: Texts): Promise<void> {
  // Alone, the remote owns the page's client as the shell otherwise does.
  return mountPage(<Frame name={name} App={App} />, texts);
}
