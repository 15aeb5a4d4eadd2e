import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestApp } from './harness';

const run = promisify(execFile);
const API_DIR = path.resolve(__dirname, '..');
const TSX = path.resolve(API_DIR, '..', 'node_modules', '.bin', 'tsx');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run ops -- …` against the test app, which must be listening at `address`: the CLI talks to a running server
 * as an operator would while `npm start` runs, logged in as the seeded operator.
 */
export function opsCli(app: TestApp, address: string): (...args: string[]) => Promise<CliResult> {
  const op = app.built.seeded.operator!;
  const env = { ...process.env, OPS_URL: address, OPS_USER: op.user, OPS_PASSWORD: op.password, DATA_DIR: app.config.dataDir };
  return async (...args) => {
    try {
      const { stdout, stderr } = await run(TSX, ['src/ops/cli.ts', ...args], { cwd: API_DIR, env });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as CliResult;
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };
}
