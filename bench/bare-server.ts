/**
 * The reference of the API benchmark: a separate process with a bare Fastify (no plugins, no hooks, no auth, no
 * engine) that answers each measured call's exact captured bytes, and, for a call that reads the database, first runs
 * the same queries through the same driver and pool as the app (the app's own query functions) and answers what they
 * found. Told its cases over IPC; reports its port back, then serves until it is told to stop.
 */
import os from 'node:os';
import Fastify from 'fastify';
import { openDatabase } from '../api/src/db/database';
import { accountSummary } from '../api/src/user/summary';
import type { ServerReady } from './api-server';
import { listenLocal, serveUntilStopped } from './child-server';

export interface BareSetup {
  ready: ServerReady;
  /** The API's PostgreSQL database, for the cases that read; absent on the embedded one (it lives in the API's memory). */
  databaseUrl?: string;
}

async function main(setup: BareSetup): Promise<void> {
  const app = Fastify({ logger: false });
  const database = setup.databaseUrl ? await openDatabase({ databaseUrl: setup.databaseUrl, dataDir: os.tmpdir() }) : null;
  app.addHook('onClose', async () => database?.close());
  const { userId, currency } = setup.ready;

  setup.ready.cases.forEach((c, i) => {
    if (!c.reads) {
      app.get(`/bare/${i}`, (_req, reply) => {
        reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(c.body);
      });
      return;
    }
    if (!database) return;
    const { db } = database;
    app.get(`/bare/${i}`, async () => {
      const user = await accountSummary(db, userId, currency);
      if (!user) throw new Error('the bench user is gone');
      const holdings = user.lots.reduce((sum, o) => sum + o.count, 0);
      return { msg: 'ok', data: { id: user.id, user: user.phone, no: user.accountNo, img: user.avatar ?? '', total: user.balance + holdings + user.funds - user.loan, money: user.balance - user.held, loan: user.loan } };
    });
  });

  const port = await listenLocal(app);
  process.send?.({ port });
  serveUntilStopped(app);
}

process.once('message', (setup: BareSetup) => {
  main(setup).catch((err) => {
    console.error(err);
    process.exit(1);
  });
});
