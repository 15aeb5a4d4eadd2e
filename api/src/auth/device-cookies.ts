import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { settings } from '../db/schema';
import { settingsChanged } from '../wallet/settings';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has logged in to an
 * account keeps a signed cookie naming that login, and its later attempts are limited on their own, so strangers
 * guessing the password cannot lock the owner out (auth/credentials.ts).
 *
 * The cookie is HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it) and scoped to the calls
 * that read it; Secure when the request came over https (the app is also used over plain http on a LAN). Its value is
 * the login, a random id and when it was made, signed (HMAC-SHA256) with a secret every replica shares.
 */
export type DeviceKind = 'user' | 'operator';

const COOKIES: Record<DeviceKind, { name: string; path: string }> = {
  user: { name: 'device', path: '/api' },
  operator: { name: 'ops_device', path: '/api/ops' },
};

/** How long a browser stays known without logging in again; each login makes a new cookie. */
const MAX_AGE_S = 180 * 24 * 60 * 60;
/** A signed cookie of ours is ~150 characters; longer ones are not read. */
const MAX_COOKIE_CHARS = 512;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/** The settings row of the generated secret; `secret_` keeps it out of the public config (wallet/settings.ts). */
const SECRET_TAG = 'secret_device_cookie';

/**
 * The secret that signs device cookies: DEVICE_COOKIE_SECRET, else one made by the first start and kept in the
 * database, so it is the same on every replica and across restarts.
 */
export async function deviceCookieSecret(db: Db, config: Pick<Config, 'deviceCookieSecret'>): Promise<string> {
  if (config.deviceCookieSecret) return config.deviceCookieSecret;
  const made = await db.insert(settings).values({ tag: SECRET_TAG, value: randomBytes(32).toString('base64url') }).onConflictDoNothing().returning();
  if (made.length) settingsChanged(db);
  const [row] = await db.select().from(settings).where(eq(settings.tag, SECRET_TAG));
  return row!.value;
}

/** Lets the scope read and set device cookies; cookies are parsed only where a door asks for them. */
export async function registerDeviceCookies(app: FastifyInstance, secret: string): Promise<void> {
  await app.register(cookie, { secret, hook: false });
}

/** The id of the browser `req` comes from, when it carries a valid cookie of `kind` for `login`; else null. */
export function knownDevice(req: FastifyRequest, kind: DeviceKind, login: string, now: Date): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  const raw = req.server.parseCookie(header)[COOKIES[kind].name];
  if (!raw || raw.length > MAX_COOKIE_CHARS) return null;
  const { valid, value } = req.unsignCookie(raw);
  if (!valid || value === null) return null;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== 3) return null;
  const [name, id, madeAt] = fields as unknown[];
  const fresh = typeof madeAt === 'number' && madeAt <= now.getTime() / 1000 && now.getTime() / 1000 - madeAt < MAX_AGE_S;
  return name === login && typeof id === 'string' && DEVICE_ID.test(id) && fresh ? id : null;
}

/** Marks the browser of this answer as known to `login`, with a new id (OWASP: a new cookie on each login). */
export function rememberDevice(reply: FastifyReply, kind: DeviceKind, login: string, now: Date): void {
  const value = Buffer.from(JSON.stringify([login, randomBytes(16).toString('base64url'), Math.floor(now.getTime() / 1000)])).toString('base64url');
  reply.setCookie(COOKIES[kind].name, value, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    path: COOKIES[kind].path,
    maxAge: MAX_AGE_S,
  });
}
