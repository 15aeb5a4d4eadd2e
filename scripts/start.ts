/**
 * `npm start`: builds whatever web app is missing or stale, publishes each remote's build as a release
 * (`releases/<short>/<version>/`, or under RELEASES_DIR) and points remotes.json at them, unless REMOTES_FILE names
 * a registry of the operators' own; then serves everything from one port — the API under /api, the shell at /, each
 * remote's releases under /remotes/<short>/ and remotes.json.
 */
import { performance } from 'node:perf_hooks';
import { buildApp, loadConfig, MEMORY_DATABASE_URL, startNotes } from '@invest/api';
import { buildMissing } from './build-missing';
import { DEFAULT_RELEASES_DIR, deployBuilds, registerWeb } from '@invest/web';

async function main(): Promise<void> {
  const t0 = performance.now();
  const log = (msg: string) => console.log(`[start] ${msg}`);
  const config = loadConfig(process.env);

  const built = await buildMissing(log);
  const releasesDir = process.env.RELEASES_DIR || DEFAULT_RELEASES_DIR;
  const remotesFile = process.env.REMOTES_FILE || deployBuilds(releasesDir);
  const tBuilt = performance.now();

  const { app, seeded } = await buildApp(config);
  await registerWeb(app, { releasesDir, remotesFile });
  await app.listen({ port: config.port, host: config.host });

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  log(`built ${built.length ? built.join(', ') : 'nothing (up to date)'} in ${secs(tBuilt - t0)}`);
  log(`ready in ${secs(performance.now() - t0)}: http://${shown}:${config.port}/`);
  const database =
    config.databaseUrl === MEMORY_DATABASE_URL ? 'in-memory PGlite (nothing is kept)' : config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  log(`database: ${database}`);
  startNotes(seeded, config).forEach(log);

  const stop = async (signal: string) => {
    log(`${signal}: shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e) => {
  console.error('[start] failed:', e instanceof Error ? e.message : e);
  process.exit(1);
});
