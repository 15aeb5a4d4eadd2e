/**
 * The page server on its own (`npm start -w @invest/web`), as the production composition runs it behind the edge
 * nginx: the shell's page with each route's first frame, remotes.json and, for a deployment without per-app nginx,
 * the files. It builds the API app in-process because a first frame draws from the API's shared answers (the market
 * engine's quotes, the same on every replica for a seed and a clock); it runs no periodic job and seeds nothing,
 * and the edge sends it no /api request. RELEASES_DIR is the releases volume the remotes' nginx serve (a frame is
 * drawn by the prerender of the very release remotes.json names), REMOTES_FILE the operators' remotes.json.
 */
import { buildApp, ConfigError, loadConfig } from '@invest/api';
import { registerWeb } from './server';
import { DEFAULT_RELEASES_DIR } from './releases';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { app } = await buildApp(config, { seed: false, matcherIntervalMs: 0 });
  const releasesDir = process.env.RELEASES_DIR || DEFAULT_RELEASES_DIR;
  await registerWeb(app, { releasesDir, remotesFile: process.env.REMOTES_FILE || undefined });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`page server on ${config.host}:${config.port}, releases in ${releasesDir}`);
  const stop = () => void app.close().then(() => process.exit(0), () => process.exit(1));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
