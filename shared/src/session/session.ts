import type { UserInfoBrief } from '../contract/auth';
import { bus } from '../bus';
import { storage } from './storage';

/** localStorage keys of the spec's Session entity. */
export const SESSION_KEYS = {
  token: 'token',
  userInfo: 'userInfo',
  login: 'login',
  remembered: 'remembered',
  locale: 'locale',
} as const;

export interface RememberedLogin {
  user: string;
  password: string;
  timestamp: number;
}

// Plain checks, not the contract's schema: the session is read at every page's start, before zod is needed.
const isUserInfo = (v: unknown): v is UserInfoBrief =>
  typeof v === 'object' &&
  v !== null &&
  Number.isInteger((v as UserInfoBrief).id) &&
  typeof (v as UserInfoBrief).user === 'string' &&
  typeof (v as UserInfoBrief).login === 'boolean';
const isRemembered = (v: unknown): v is RememberedLogin =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RememberedLogin).user === 'string' &&
  typeof (v as RememberedLogin).password === 'string' &&
  typeof (v as RememberedLogin).timestamp === 'number';

type EndReason = 'user' | 'expired';
/** Why this page's last session ended, until the next login (the login screen says so when it expired). */
let endedBy: EndReason | null = null;

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

/** The session store: one per page (a federation singleton), readable from any app. */
export const session = {
  token(): string | null {
    return storage.get(SESSION_KEYS.token);
  },
  isLoggedIn(): boolean {
    return Boolean(this.token());
  },
  user(): UserInfoBrief | null {
    return storage.getJson(SESSION_KEYS.userInfo, isUserInfo);
  },
  remembered(): RememberedLogin | null {
    return storage.getJson(SESSION_KEYS.remembered, isRemembered);
  },
  endReason(): EndReason | null {
    return endedBy;
  },

  /** A successful login: store token and user info, remember the credentials the forgot-password screen needs. */
  start(token: string, user: UserInfoBrief, remember: { user: string; password: string } | null): void {
    storage.set(SESSION_KEYS.token, token);
    storage.set(SESSION_KEYS.userInfo, JSON.stringify(user));
    storage.set(SESSION_KEYS.login, 'true');
    if (remember) storage.set(SESSION_KEYS.remembered, JSON.stringify({ ...remember, timestamp: Date.now() }));
    else storage.remove(SESSION_KEYS.remembered);
    endedBy = null;
    notify();
    bus.publish({ type: 'session:login', userId: user.id });
  },

  /** Keep the remembered password in step after the user changes it. */
  updateRememberedPassword(password: string): void {
    const r = this.remembered();
    if (r) storage.set(SESSION_KEYS.remembered, JSON.stringify({ ...r, password, timestamp: Date.now() }));
  },

  /** Clears the login (the remembered credentials stay, as the spec's forgot-password screen needs them). */
  end(reason: EndReason): void {
    const had = this.isLoggedIn();
    if (had) endedBy = reason;
    storage.remove(SESSION_KEYS.token);
    storage.remove(SESSION_KEYS.userInfo);
    storage.remove(SESSION_KEYS.login);
    notify();
    if (had) bus.publish({ type: 'session:logout', reason });
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab logged in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === SESSION_KEYS.token) notify();
  });
}
