import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../api/src';

/**
 * The config of a benchmark's own server: an in-memory database seeded with the demo, markets always open, and a
 * throwaway data folder (seeding writes the operator's credentials file there, which must stay out of the repository).
 */
export function demoBenchConfig(name: string, env: Record<string, string | undefined> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `invest-bench-${name}-`));
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  return loadConfig({ ...process.env, DATABASE_URL: 'memory://', SEED_DEMO: '1', MARKET_ALWAYS_OPEN: '1', ...env, DATA_DIR: dataDir });
}
