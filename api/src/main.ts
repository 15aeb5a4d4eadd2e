/** Runs the API alone (`npm start -w @invest/api`); `npm start` at the root also serves the web apps. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseLockedError } from './db/database';
import { startNotes } from './start-notes';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { app, seeded } = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  for (const note of startNotes(seeded, config)) app.log.info(note);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: closing`);
    // close() stops accepting, lets in-flight requests finish, then closes the database (onClose).
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof DatabaseLockedError ? err.message : err);
  process.exit(1);
});
