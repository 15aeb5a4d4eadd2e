import fs from 'node:fs';
import path from 'node:path';
import { CUSTOMER_SERVICE_MODE, LANGUAGES_SETTING } from '@invest/shared/contract';
import type { Config } from './config';
import type { Db } from './db/database';
import { invitationCodes, settings } from './db/schema';
import { listedReference, referenceData } from './market/reference';
import { verifyPassword } from './auth/passwords';
import { seedNews } from './news/store';
import { createOperator, findOperatorByName, OperatorExistsError } from './ops/operators';
import { seedFunds } from './products/funds/seed';
import { seedOffers } from './products/offers/seed';
import { seedIpos } from './products/ipo/seed';

export const DEMO_OPERATOR = 'ops';

/**
 * Demo receiving details, so recharges can be tried on a fresh install. They name no real account: a deployment
 * sets its own recharge_* settings (a real deployment seeds nothing).
 */
const DEMO_RECHARGE_SETTINGS = [
  { tag: 'recharge_bank_enabled', value: '1' },
  { tag: 'recharge_bank_account_name', value: 'Invest Demo (not a real account)' },
  { tag: 'recharge_bank_name', value: 'Demo Bank' },
  { tag: 'recharge_bank_account', value: '000000000000' },
  { tag: 'recharge_bank_ifsc', value: 'DEMO0000000' },
  { tag: 'recharge_bank_clabe', value: '000000000000000000' },
  { tag: 'recharge_usdt_enabled', value: '1' },
  { tag: 'recharge_usdt_address', value: 'TDEMO0000000000000000000000000000' },
];

export interface SeedResult {
  /**
   * The demo operator's login, when this process knows its password; null otherwise. `created`: this start made it,
   * so its password is new and is shown this once (later starts say where it is kept: api/src/start-notes.ts).
   */
  operator: { user: string; password: string; created: boolean } | null;
  /** The invitation code that registration accepts; null when nothing was seeded. */
  inviteCode: string | null;
}

export const credentialsFile = (config: Pick<Config, 'dataDir'>) =>
  path.join(config.dataDir, 'operator-credentials.json');

/**
 * Demo data for a fresh install (config.seedDemo): the invitation code, a few news articles (with pictures
 * the API serves itself), and an operator `ops` whose random password is written to
 * `<dataDir>/operator-credentials.json` (mode 0600) on creation, where the ops CLI on this machine finds it.
 * Idempotent, and safe when several replicas seed one database at once.
 */
export interface SeedOptions {
  /** The market engine's price of an instrument now, when the app has its engine (demo offers are priced under it). */
  priceOf?: (symbol: string) => number | undefined;
}

export async function seed(db: Db, config: Config, options: SeedOptions = {}): Promise<SeedResult> {
  if (!config.seedDemo) return { operator: null, inviteCode: null };

  await db.insert(invitationCodes).values({ code: config.seedInviteCode }).onConflictDoNothing();
  await seedNews(db);
  await db.insert(settings).values(DEMO_RECHARGE_SETTINGS).onConflictDoNothing();
  // The demo shows the unread badge (spec §6: customer-service mode is off unless a deployment turns it on).
  await db.insert(settings).values({ tag: CUSTOMER_SERVICE_MODE, value: '1' }).onConflictDoNothing();
  // The Mexican demo offers Spanish beside English, as an operator there would (the setting's default is English only).
  if (config.currency === 'MXN') await db.insert(settings).values({ tag: LANGUAGES_SETTING, value: 'en,es' }).onConflictDoNothing();
  await seedFunds(db, config.currency);
  // Demo products of the stocks this deployment lists only (no Indian IPO in the Mexican demo).
  const listed = listedReference(referenceData(), config.markets);
  await seedOffers(db, listed, options.priceOf);
  await seedIpos(db, listed);

  const file = credentialsFile(config);
  if (!(await findOperatorByName(db, DEMO_OPERATOR))) {
    try {
      const created = await createOperator(db, { username: DEMO_OPERATOR, via: 'seed' });
      writeCredentials(file, { user: created.username, password: created.password });
      return { operator: { user: created.username, password: created.password, created: true }, inviteCode: config.seedInviteCode };
    } catch (err) {
      // Another replica created it between our check and insert: it wrote the file, read that below.
      if (!(err instanceof OperatorExistsError)) throw err;
    }
  }
  return { operator: await readCredentials(db, file), inviteCode: config.seedInviteCode };
}

function writeCredentials(file: string, creds: { user: string; password: string }) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Write-then-rename: a crash never leaves half a file; mode 0600 because it holds a password.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify({ ...creds, note: 'Demo operator login, created by seeding.' }, null, 2)}\n`, {
    mode: 0o600,
  });
  fs.renameSync(tmp, file);
}

/** The remembered login, only if it still opens the account (the database may have been reset since). */
async function readCredentials(db: Db, file: string): Promise<SeedResult['operator']> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const { user, password } = (parsed ?? {}) as { user?: unknown; password?: unknown };
  if (typeof user !== 'string' || typeof password !== 'string') return null;
  const operator = await findOperatorByName(db, user);
  if (!operator || !(await verifyPassword(operator.passwordHash, password))) return null;
  return { user, password, created: false };
}
