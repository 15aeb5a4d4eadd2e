import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { distOf, REMOTES, ROOT, WEB_APPS } from './apps';

/** Entry files must be revalidated on every load; everything else carries a content hash and never changes. */
const ENTRY_FILES = new Set(['index.html', 'main.js', 'remoteEntry.js', 'mf-manifest.json', 'remotes.json']);

function setCacheHeaders(reply: FastifyReply, filePath: string): void {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  reply.header('Cache-Control', ENTRY_FILES.has(name) ? 'no-cache' : 'public, max-age=31536000, immutable');
}

export interface WebOptions {
  /** remotes.json to serve; ops edit it to repoint a remote. */
  remotesFile?: string;
}

/**
 * Serves the composed front end from the API's port: the shell at /, each remote's build under /remotes/<short>/,
 * and remotes.json. In production nginx does this job; this is the one-command set-up.
 */
export async function registerWeb(app: FastifyInstance, opts: WebOptions = {}): Promise<void> {
  const remotesFile = opts.remotesFile ?? path.join(ROOT, 'shell', 'public', 'remotes.json');
  const shell = WEB_APPS[0];

  for (const remote of REMOTES) {
    await app.register(fastifyStatic, {
      root: distOf(remote),
      prefix: `/remotes/${remote.short}/`,
      decorateReply: false,
      setHeaders: setCacheHeaders,
      index: false,
      preCompressed: true,
    });
  }
  await app.register(fastifyStatic, {
    root: distOf(shell),
    prefix: '/',
    setHeaders: setCacheHeaders,
    index: false,
    wildcard: true,
    preCompressed: true,
  });

  app.get('/remotes.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache').type('application/json');
    return fs.promises.readFile(remotesFile, 'utf8');
  });

  const sendShell = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html', distOf(shell));
  app.get('/', (_req, reply) => sendShell(reply));

  // Client-side routes (/markets, /stock/...) get the shell; missing assets and API paths get a real 404.
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const isAsset = url.startsWith('/remotes/') || /\.[a-z0-9]+$/i.test(url);
    if (req.method === 'GET' && !url.startsWith('/api/') && !isAsset && req.headers.accept?.includes('text/html') !== false) {
      return sendShell(reply);
    }
    return reply.code(404).send(url.startsWith('/api/') ? { msg: 'no', data: 'notFound' } : 'Not found');
  });
}
