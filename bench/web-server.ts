/**
 * The server side of the web benchmark (bench/web.ts starts one per variant as a child process): the real app
 * (buildApp on in-memory PGlite, markets always open) and the web files of one variant, served the way `npm start`
 * serves them (scripts/web.ts: pre-compressed brotli, the same cache headers). WEB_DIST names the variant's files:
 * a folder holding one build folder per app (`<WEB_DIST>/shell`, `<WEB_DIST>/mf-markets`…); without it, each app's
 * own dist. Reports { port, token, userInfo } to the parent over IPC, then serves until told to stop.
 */
import path from 'node:path';
import { buildApp } from '../api/src';
import { distOf } from '../scripts/apps';
import { registerWeb } from '../scripts/web';
import { demoConfig, demoSession, type DemoSession } from '../scripts/demo-app';
import { listenLocal, serveUntilStopped } from './child-server';

export interface WebServerReady extends DemoSession {
  port: number;
}

async function main(): Promise<void> {
  const config = demoConfig('bench-web', { LOG_LEVEL: 'warn' });
  const { app, seeded } = await buildApp(config);
  const root = process.env.WEB_DIST;
  await registerWeb(app, { distOf: root ? (a) => path.join(root, a.dir) : distOf });
  const port = await listenLocal(app, Number(process.env.PORT ?? 0));

  const ready: WebServerReady = { port, ...(await demoSession(app, seeded.inviteCode!, '9000000002')) };
  process.send?.(ready);
  serveUntilStopped(app);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
