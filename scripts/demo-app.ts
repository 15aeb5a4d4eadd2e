/**
 * The demo app as the tools that measure it run it (the byte budgets, the benchmarks): an in-memory database seeded
 * with the demo, markets always open, a throwaway data folder (seeding writes the operator's credentials file there,
 * which must stay out of the repository), and a user logged in the way the login screen does it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '@invest/api';

export function demoConfig(name: string, env: Record<string, string | undefined> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `invest-${name}-`));
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return loadConfig({ ...process.env, DATABASE_URL: 'memory://', SEED_DEMO: '1', MARKET_ALWAYS_OPEN: '1', ...env, DATA_DIR: dataDir });
}

/** A session as the login screen stores it: the token, and the `userInfo` localStorage entry. */
export interface DemoSession {
  token: string;
  userInfo: string;
}

/** Registers `phone` with the demo's invitation code and logs it in. */
export async function demoSession(app: FastifyInstance, inviteCode: string, phone: string): Promise<DemoSession> {
  const password = 'demo-secret-1';
  const reg = await app.inject({ method: 'POST', url: '/api/stock/user/reg', payload: { user: phone, password, code: inviteCode } });
  if (reg.statusCode !== 200) throw new Error(`register failed: ${reg.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/stock/user/login', payload: { user: phone, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const data = login.json().data as { token: string; id: number; user: string; login: string };
  return { token: data.token, userInfo: JSON.stringify({ id: data.id, user: data.user, login: data.login }) };
}
