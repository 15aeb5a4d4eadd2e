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

/**
 * Who is logged in, as the login call answers it (the contract's UserInfoBrief has this shape; the runtime does not
 * depend on the contract, whose versions may differ between the apps of one page).
 */
export interface UserInfoBrief {
  id: number;
  user: string;
  login: boolean;
}

/** The phone number "remember me" keeps for the next login; never a password. */
export interface RememberedLogin {
  user: string;
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
  typeof v === 'object' && v !== null && typeof (v as RememberedLogin).user === 'string' && typeof (v as RememberedLogin).timestamp === 'number';

/**
 * What this page's session keys start with: '' for the investor app; a page with a login of its own (the operators'
 * console) keeps its session beside the investor's in the same origin's storage, so neither ends the other.
 */
let keyPrefix = '';
type SessionKey = Exclude<keyof typeof SESSION_KEYS, 'locale'>;
const keyOf = (name: SessionKey) => `${keyPrefix}${SESSION_KEYS[name]}`;

const rememberPhone = (user: string, timestamp = Date.now()) => storage.set(keyOf('remembered'), JSON.stringify({ user, timestamp }));

const hasPassword = (v: unknown): v is { password: unknown } => typeof v === 'object' && v !== null && 'password' in v;

/** Earlier versions remembered the password in plain text beside the phone: rewrite such an entry without it. */
function forgetRememberedPassword(): void {
  const old = storage.getJson(keyOf('remembered'), hasPassword);
  if (!old) return;
  if (isRemembered(old)) rememberPhone(old.user, old.timestamp);
  else storage.remove(keyOf('remembered'));
}

type EndReason = 'user' | 'expired';
/** Why this page's last session ended, until the next login (the login screen says so when it expired). */
let endedBy: EndReason | null = null;

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

/** The session store: one per page (@invest/runtime is a federation singleton), readable from any app. */
export const session = {
  /**
   * Keeps this page's session under keys starting with `prefix` (the token under `${prefix}token`…); called once at
   * the page's start, before anything reads the session. The language stays the page's shared choice.
   */
  keepUnder(prefix: string): void {
    keyPrefix = prefix;
  },
  token(): string | null {
    return storage.get(keyOf('token'));
  },
  isLoggedIn(): boolean {
    return Boolean(this.token());
  },
  user(): UserInfoBrief | null {
    return storage.getJson(keyOf('userInfo'), isUserInfo);
  },
  remembered(): RememberedLogin | null {
    const r = storage.getJson(keyOf('remembered'), isRemembered);
    return r && { user: r.user, timestamp: r.timestamp };
  },
  endReason(): EndReason | null {
    return endedBy;
  },

  /** A successful login: store token and user info, and remember the phone number for the next login on request. */
  start(token: string, user: UserInfoBrief, remember: { user: string } | null): void {
    storage.set(keyOf('token'), token);
    storage.set(keyOf('userInfo'), JSON.stringify(user));
    storage.set(keyOf('login'), 'true');
    if (remember) rememberPhone(remember.user);
    else storage.remove(keyOf('remembered'));
    endedBy = null;
    notify();
    bus.publish({ type: 'session:login', userId: user.id });
  },

  /** Clears the login (the remembered phone number stays, for the login and reset screens to offer). */
  end(reason: EndReason): void {
    const had = this.isLoggedIn();
    if (had) endedBy = reason;
    storage.remove(keyOf('token'));
    storage.remove(keyOf('userInfo'));
    storage.remove(keyOf('login'));
    notify();
    if (had) bus.publish({ type: 'session:logout', reason });
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Before anything reads the session: a phone that kept a password from an earlier version loses it at its first page.
forgetRememberedPassword();

// Another tab logged in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === keyOf('token')) notify();
  });
}
