/**
 * Serves a deployment as it is, building nothing: the API and the page server of the checkout this file is in, the
 * shell's build in it, and the remotes' releases in RELEASES_DIR as REMOTES_FILE names them. The independent-deploy
 * test runs it in a team's checkout, whose shell build is the one served before any remote changed.
 */
import { buildApp, loadConfig } from '@invest/api';
import { registerWeb } from '@invest/web';

async function main(): Promise<void> {
  const releasesDir = process.env.RELEASES_DIR;
  const remotesFile = process.env.REMOTES_FILE;
  if (!releasesDir || !remotesFile) throw new Error('RELEASES_DIR and REMOTES_FILE must be set');
  const config = loadConfig(process.env);
  const { app } = await buildApp(config);
  await registerWeb(app, { releasesDir, remotesFile });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  console.log(`[serve] ready on ${config.port}`);
}

main().catch((e: unknown) => {
  console.error('[serve] failed:', e);
  process.exit(1);
});
