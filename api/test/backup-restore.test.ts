/**
 * The runbook's backup and restore, as an operator types it (README, Runbook): `pg_dump` of the database and a tar
 * of the uploads; restored into a fresh database and data folder, the app starts on them with the same books
 * (the ledger check passes), balances and pictures. PostgreSQL only (TEST_DATABASE_URL).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { HOOK_TIMEOUT, postgresBackend, testJpeg, useApp } from './harness';

const ADMIN = process.env.TEST_DATABASE_URL;

(postgresBackend ? describe : describe.skip)('a backup restored into a fresh database', () => {
  const t = useApp(postgresBackend!);

  async function admin(sql: string): Promise<void> {
    const c = new Client({ connectionString: ADMIN });
    await c.connect();
    await c.query(sql).finally(() => c.end());
  }

  it('brings back the same books, balances and uploaded pictures, and the ledger check passes', async () => {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    await t.current.deposit(token, 2_000_000);
    const quote = await t.current.get('/v2/yahoo', { token, query: { symbol: 'TCS.NS', mold: '1d' } });
    expect((await t.current.post('/stock/success/deal/buy', { tag: 'TCS.NS', count: 2, price: quote.body.data.price }, { token, headers: { 'idempotency-key': randomUUID() } })).status).toBe(200);
    const photo = await t.current.upload(token, await testJpeg('#884422'));
    expect(photo.status).toBe(200);
    const url = photo.body.data.url as string;
    const before = (await t.current.get('/stock/success/v2/user/info', { token })).body.data;
    const picture = (await t.current.built.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })).rawPayload;

    // Backup: the database (custom format) and the uploads folder.
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-backup-'));
    const dump = path.join(work, 'invest.dump');
    const uploads = path.join(work, 'uploads.tar.gz');
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, t.current.config.databaseUrl!]);
    execFileSync('tar', ['-C', t.current.config.dataDir, '-czf', uploads, 'uploads']);

    // Restore into a database and a data folder of their own.
    const name = `invest_restore_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`create database "${name}"`);
    const restoredUrl = new URL(ADMIN!);
    restoredUrl.pathname = `/${name}`;
    const dataDir = path.join(work, 'data');
    fs.mkdirSync(dataDir);
    try {
      execFileSync('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);
      execFileSync('tar', ['-C', dataDir, '-xzf', uploads]);
      const { app } = await buildApp(loadConfig({ DATABASE_URL: restoredUrl.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { matcherIntervalMs: 0 });
      try {
        const login = await app.inject({ method: 'POST', url: '/api/stock/user/login', payload: { user: phone, password } });
        const again = login.json().data.token as string;
        const auth = { authorization: `Bearer ${again}` };
        const after = (await app.inject({ method: 'GET', url: '/api/stock/success/v2/user/info', headers: auth })).json().data;
        expect(before.money).toBeGreaterThan(0);
        expect({ money: after.money, total: after.total }).toEqual({ money: before.money, total: before.total });
        expect((await app.inject({ method: 'GET', url, headers: auth })).rawPayload.equals(picture)).toBe(true);
        const op = t.current.built.seeded.operator!;
        const ops = (await app.inject({ method: 'POST', url: '/api/ops/login', payload: { user: op.user, password: op.password } })).json().data.token as string;
        const verify = await app.inject({ method: 'GET', url: '/api/ops/ledger/verify', headers: { authorization: `Bearer ${ops}` } });
        expect(verify.json().data).toMatchObject({ ok: true, breaches: [] });
      } finally {
        await app.close();
      }
    } finally {
      await admin(`drop database if exists "${name}" with (force)`);
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, HOOK_TIMEOUT);
});
