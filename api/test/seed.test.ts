import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/database';
import { auditLog, invitationCodes, operators } from '../src/db/schema';
import { credentialsFile, seed } from '../src/seed';
import { startNotes } from '../src/start-notes';
import { verifyPassword } from '../src/auth/passwords';
import { PGlite } from '@electric-sql/pglite';
import { backends, createTestApp, HOOK_TIMEOUT, postgresBackend, useApp } from './harness';

describe.each(backends)('demo seeding on $name', (backend) => {
  const t = useApp(backend);

  it('creates the invitation code and operator `ops`, remembering its password in a 0600 file', async () => {
    const { seeded, database } = t.current.built;
    expect(seeded.inviteCode).toBe('DEMO2026');
    expect(seeded.operator).toEqual({ user: 'ops', password: expect.any(String), created: true });
    const file = credentialsFile(t.current.config);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ user: 'ops', password: seeded.operator!.password });
    const [op] = await database.db.select().from(operators).where(eq(operators.username, 'ops'));
    expect(await verifyPassword(op!.passwordHash, seeded.operator!.password)).toBe(true);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'ops.create'));
    expect(audit).toMatchObject({ target: 'ops', detail: { via: 'seed' } });
  });

  it('is idempotent: a second start knows the same login, creates nothing, and says the login is not new', async () => {
    const again = await seed(t.current.database.db, t.current.config);
    expect(again).toEqual({ ...t.current.built.seeded, operator: { ...t.current.built.seeded.operator!, created: false } });
    expect(await t.current.database.db.select().from(operators)).toHaveLength(1);
    expect(await t.current.database.db.select().from(invitationCodes)).toHaveLength(1);
  });

  it("prints the operator's password on the start that creates it, never again: later starts say where it is kept", async () => {
    const { password } = t.current.built.seeded.operator!;
    const file = credentialsFile(t.current.config);
    const first = startNotes(t.current.built.seeded, t.current.config).join('\n');
    expect(first).toContain(password);
    expect(first).toContain(file);
    await t.current.restart();
    const later = startNotes(t.current.built.seeded, t.current.config).join('\n');
    expect(later).not.toContain(password);
    expect(later).toContain('ops');
    expect(later).toContain(file);
    expect(later).toContain('DEMO2026');
  });

  it('prints no password it cannot vouch for (file gone or stale)', async () => {
    const file = credentialsFile(t.current.config);
    const saved = fs.readFileSync(file);
    try {
      fs.writeFileSync(file, JSON.stringify({ user: 'ops', password: 'stale-password' }));
      expect((await seed(t.current.database.db, t.current.config)).operator).toBeNull();
      fs.rmSync(file);
      expect(await seed(t.current.database.db, t.current.config)).toEqual({ operator: null, inviteCode: 'DEMO2026' });
      expect(await t.current.database.db.select().from(operators)).toHaveLength(1);
    } finally {
      fs.writeFileSync(file, saved, { mode: 0o600 });
    }
  });
});

describe('without demo seeding', () => {
  it(
    'seeds nothing: no invitation code, no operator',
    async () => {
      const t = await createTestApp(backends[backends.length - 1]!, { env: { SEED_DEMO: '0' } });
      try {
        expect(t.built.seeded).toEqual({ operator: null, inviteCode: null });
        expect(await t.database.db.select().from(operators)).toHaveLength(0);
        expect(await t.database.db.select().from(invitationCodes)).toHaveLength(0);
        const res = await t.post('/stock/user/reg', { user: t.phone(), password: 'secret123', code: 'DEMO2026' });
        expect(res.status).toBe(422);
        expect(fs.existsSync(credentialsFile(t.config))).toBe(false);
      } finally {
        await t.close();
      }
    },
    HOOK_TIMEOUT,
  );
});

const run = promisify(execFile);
const API_DIR = path.resolve(__dirname, '..');
const TSX = path.resolve(API_DIR, '..', 'node_modules', '.bin', 'tsx');

/** Runs the operator CLI; resolves with its exit code and output instead of throwing. */
async function cli(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(TSX, ['src/ops/cli.ts', ...args], {
      cwd: API_DIR,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('ops CLI', () => {
  it(
    'creates an operator in the embedded database, audited; refuses a busy database and a taken name',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-api-cli-'));
      try {
        const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: '0' };
        const created = await cli(['create-operator', '--user', 'carol'], env);
        expect(created.stderr).toBe('');
        expect(created.code).toBe(0);
        const password = /password: (\S+)/.exec(created.stdout)?.[1];
        expect(password).toBeDefined();

        const database = await openDatabase({ databaseUrl: undefined, dataDir }, { PGlite });
        try {
          const [op] = await database.db.select().from(operators).where(eq(operators.username, 'carol'));
          expect(await verifyPassword(op!.passwordHash, password!)).toBe(true);
          const [audit] = await database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
          expect(audit).toMatchObject({ operatorId: null, action: 'ops.create', target: 'carol', detail: { via: 'cli' } });
          // While this process holds the data directory, the CLI must not open it too.
          const busy = await cli(['create-operator', '--user', 'dave'], env);
          expect(busy.code).toBe(1);
          expect(busy.stderr).toContain('in use by process');
        } finally {
          await database.close();
        }

        const taken = await cli(['create-operator', '--user', 'carol', '--password', 'chosen-pass'], env);
        expect(taken.code).toBe(1);
        expect(taken.stderr).toContain('already exists');
        const usage = await cli(['create-operator'], env);
        expect(usage.code).toBe(2);
        expect(usage.stderr).toContain('--user NAME is required');
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    HOOK_TIMEOUT,
  );

  (postgresBackend ? it : it.skip)(
    'creates an operator with a chosen password in PostgreSQL',
    async () => {
      const t = await createTestApp(postgresBackend!, { env: { SEED_DEMO: '0' } });
      try {
        const res = await cli(['create-operator', '--user', 'erin', '--password', 'chosen-pass'], {
          DATABASE_URL: t.config.databaseUrl!,
        });
        expect(res.code).toBe(0);
        expect(res.stdout).not.toContain('password:');
        const login = await t.post('/ops/login', { user: 'erin', password: 'chosen-pass' });
        expect(login.status).toBe(200);
      } finally {
        await t.close();
      }
    },
    HOOK_TIMEOUT,
  );
});
