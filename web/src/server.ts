import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contentSecurityPolicy, isApiPath, rejection } from '@invest/api';
import { distOf as defaultDistOf, REMOTES, STANDALONE_APPS, WEB_APPS, type WebApp } from './apps';
import { FirstFrames, GATE_SCRIPT_HASH, type FrameAnswers } from './first-frame';
import { Pages } from './page';
import { DEFAULT_RELEASES_DIR, releaseDirOf } from './releases';
import { EarlyCalls, EARLY_SCRIPT_HASH } from './early-calls';
import { RouteHints } from './route-hints';
import { embedChart, EmbedOrigins, embedPolicy, type ConfigRow, type EmbedQuery } from './embed';

/** The service worker's file in the shell's build, registered by the shell's page as `/sw.js`. */
const SERVICE_WORKER = 'sw.js';

/**
 * The shell's entry files must be revalidated on every load; its other files carry a content hash and never change
 * (its production entry script too: `main.<hash>.js`, named by the page; `main.js` is a build's without a hash).
 * The service worker (shell/src/offline) is one too: a browser looks for a new one on every navigation.
 */
const ENTRY_FILES = new Set(['index.html', 'login.html', 'main.js', SERVICE_WORKER]);
const IMMUTABLE = 'public, max-age=31536000, immutable';

function setShellCacheHeaders(reply: FastifyReply, filePath: string): void {
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  reply.header('Cache-Control', ENTRY_FILES.has(name) ? 'no-cache' : IMMUTABLE);
  // Served at the root, its scope is the whole app; said outright, so a move of the file cannot narrow it unnoticed.
  if (name === SERVICE_WORKER) reply.header('Service-Worker-Allowed', '/');
}

/** A remote's release never changes, its entry and manifest included (releases.ts). */
const setReleaseCacheHeaders = (reply: FastifyReply) => reply.header('Cache-Control', IMMUTABLE);

/**
 * Build output that stays on the server: source maps (full sources; kept in the build for error reporting),
 * the federation plugin's build stats and the build stamp. Served nowhere: they answer 404.
 */
const PRIVATE_FILE = /(\.map|^mf-manifest-stats\.json|^\.built)$/;
/** A remote's prerender, built for this server to run (first-frame.ts), in each of its releases. */
const SERVER_DIR = /^\/?([^/]+\/)?server\//;
const isPrivate = (pathName: string) => SERVER_DIR.test(pathName) || PRIVATE_FILE.test(path.posix.basename(pathName).replace(/\.(br|gz)$/, ''));

/**
 * What the builds and the browser ask for as files. A path ending in one of these (or a dotfile) that is not there
 * is a missing file (404); any other path is a client-side route, dotted or not (`/trading/TCS.NS`), and gets the shell.
 */
const ASSET_EXTENSIONS = new Set(['js', 'mjs', 'css', 'map', 'json', 'html', 'txt', 'svg', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'ico', 'woff', 'woff2', 'ttf', 'otf', 'wasm', 'webmanifest', 'xml', 'gz', 'br']);

function isAssetPath(url: string): boolean {
  if (url.startsWith('/remotes/')) return true;
  const name = url.slice(url.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot === 0 || (dot > 0 && ASSET_EXTENSIONS.has(name.slice(dot + 1).toLowerCase()));
}

/**
 * Headers that mean something only on a document (the CSP, framing, cross-origin isolation, HSTS and the old IE
 * ones): the files a page loads go without them, ~0.6 KB less per script on HTTP/1.1 (home loads 17). Every answer
 * keeps nosniff, its Cross-Origin-Resource-Policy and the Referrer-Policy (a style sheet's own fetches follow it);
 * the API's answers keep them all.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const REVALIDATION_HEADERS = ['etag', 'last-modified', 'accept-ranges'];

export interface WebOptions {
  /** remotes.json to serve; ops edit it to repoint a remote. By default the one in the releases folder. */
  remotesFile?: string;
  /** Where the remotes' releases are (releases.ts); RELEASES_DIR, or `releases/` at the repository's root. */
  releasesDir?: string;
  /** Where the shell's build is (tests serve a fixture folder). */
  distOf?: (app: WebApp) => string;
  /** What a route's first frame may draw from (first-frame.ts), and iframe.html's chart; by default the API's `sharedAnswers`. */
  frameAnswers?: FrameAnswers;
  /**
   * The deployment's public settings (GET /api/v2/config's rows): iframe.html's framing follows `embed_origins` there
   * (embed.ts). By default asked of the API this server runs beside.
   */
  publicConfig?: () => Promise<readonly ConfigRow[]>;
}

/**
 * Serves the composed front end from the API's port: the shell at /, each remote's build under /remotes/<short>/,
 * and remotes.json. In production nginx does this job; this is the one-command set-up. The security headers come
 * from the API's app (buildApp), registered on the whole server.
 */
export async function registerWeb(app: FastifyInstance, opts: WebOptions = {}): Promise<void> {
  const releasesDir = opts.releasesDir ?? DEFAULT_RELEASES_DIR;
  const remotesFile = opts.remotesFile ?? path.join(releasesDir, 'remotes.json');
  const distOf = opts.distOf ?? defaultDistOf;
  const shell = WEB_APPS[0];
  app.addHook('onSend', async (req, reply, payload) => {
    if (!isApiPath(req.url) && !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      // A hashed file is never asked for again: nothing to revalidate it by.
      if (String(reply.getHeader('cache-control')).includes('immutable')) for (const name of REVALIDATION_HEADERS) reply.removeHeader(name);
    }
    return payload;
  });
  // The shell's wildcard route sees /api paths the API has no route for: those are the API's 404s.
  const allowedPath = (pathName: string, _root: string | undefined, req: { url: string }) => !isPrivate(pathName) && !isApiPath(req.url);

  for (const remote of REMOTES) {
    const root = path.join(releasesDir, remote.short);
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: `/remotes/${remote.short}/`,
      decorateReply: false,
      setHeaders: setReleaseCacheHeaders,
      index: false,
      preCompressed: true,
      allowedPath,
    });
  }
  // A standalone app (the operators' console) under its base: its hashed files, and its page at the base and for every
  // client route there (the not-found handler below). Never in remotes.json: the shell does not know it.
  const sendStandalone = (standalone: WebApp, reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html', distOf(standalone));
  for (const standalone of STANDALONE_APPS) {
    await app.register(fastifyStatic, {
      root: distOf(standalone),
      prefix: standalone.base,
      decorateReply: false,
      setHeaders: setShellCacheHeaders,
      index: false,
      wildcard: true,
      preCompressed: true,
      allowedPath,
    });
    app.get(standalone.base, (_req, reply) => sendStandalone(standalone, reply));
    app.get(standalone.base.replace(/\/$/, ''), (_req, reply) => reply.redirect(standalone.base, 301));
  }
  await app.register(fastifyStatic, {
    root: distOf(shell),
    prefix: '/',
    setHeaders: setShellCacheHeaders,
    index: false,
    wildcard: true,
    preCompressed: true,
    allowedPath,
  });

  app.get('/remotes.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache').type('application/json');
    return fs.promises.readFile(remotesFile, 'utf8');
  });

  const sendShell = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html', distOf(shell));

  // The shell's page with remotes.json in it, the route's remote hinted, and its first frame when a remote served here
  // prerenders it.
  const remotes = () => JSON.parse(fs.readFileSync(remotesFile, 'utf8')) as Record<string, string>;
  const releaseOf = (manifestUrl: string) => releaseDirOf(releasesDir, manifestUrl);
  const answers = opts.frameAnswers ?? (app.hasDecorator('sharedAnswers') ? app.sharedAnswers : {});
  const frames = new FirstFrames(releaseOf, answers, remotes, (msg, err) => app.log.warn({ err }, msg));
  const hints = new RouteHints(releaseOf, remotes);
  const earlyCalls = new EarlyCalls(releaseOf, remotes);
  const pages = new Pages();
  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const routePath = req.url.split('?')[0] ?? '/';
    let body: Buffer | undefined;
    let encoding: 'br' | 'gzip' | undefined;
    let framed = false;
    let early: string[] = [];
    try {
      const links = hints.linksFor(routePath);
      const frame = await frames.frameFor(routePath);
      early = earlyCalls.urlsFor(routePath);
      const page = pages.pageFor(await fs.promises.readFile(path.join(distOf(shell), 'index.html'), 'utf8'), { frame, hints: links, early, registry: remotes() });
      const accepted = String(req.headers['accept-encoding'] ?? '');
      encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
      body = encoding ? await page[encoding]() : page.html;
      framed = frame !== null;
    } catch (err) {
      app.log.warn({ err }, "the registry, the route's frame, hints and early calls could not be put in the page: the page goes without");
      body = undefined;
      early = [];
    }
    if (!body) return sendShell(reply);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .header('Content-Security-Policy', contentSecurityPolicy([...(framed ? [GATE_SCRIPT_HASH] : []), ...(early.length ? [EARLY_SCRIPT_HASH] : [])]))
      .type('text/html; charset=utf-8')
      .send(body);
  };
  app.get('/', sendPage);
  // A fresh load of /login gets the standalone login page when the build made one (production; shell/src/loginPage).
  app.get('/login', (_req, reply) =>
    fs.existsSync(path.join(distOf(shell), 'login.html')) ? reply.header('Cache-Control', 'no-cache').sendFile('login.html', distOf(shell)) : sendShell(reply),
  );

  // iframe.html (embed.ts): framed only by this origin and those the operators allow; its chart's data beside it.
  const askConfig = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v2/config' });
    if (res.statusCode !== 200) throw new Error(`GET /api/v2/config: HTTP ${res.statusCode}`);
    return (res.json() as { data: ConfigRow[] }).data;
  };
  const embedOrigins = new EmbedOrigins(opts.publicConfig ?? askConfig, (msg, err) => app.log.warn({ err }, msg));
  app.get('/iframe.html', async (_req, reply) => {
    // Only a production build of the shell makes the page.
    const page = await fs.promises.readFile(path.join(distOf(shell), 'iframe.html')).catch(() => null);
    if (!page) return reply.callNotFound();
    const origins = await embedOrigins.origins();
    return (
      reply
        .header('Content-Security-Policy', embedPolicy(origins))
        // For browsers without frame-ancestors; the others ignore it where frame-ancestors is given.
        .header('X-Frame-Options', 'SAMEORIGIN')
        // The policy follows the setting, the file does not: no validator a browser could revalidate the page by (a
        // 304 would leave it the policy it kept, a partner operators have since taken off included), and no copy.
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page)
    );
  });
  app.get('/iframe.json', async (req, reply) => {
    const { status, body } = embedChart(answers, req.query as EmbedQuery);
    // A quote holds for its price tick (5 s): viewers of one instrument may share an answer for that long.
    return reply.code(status).header('Cache-Control', status === 200 ? 'public, max-age=5' : 'no-cache').send(body);
  });

  /** The standalone app whose base `url` is under, if any. */
  const standaloneOf = (url: string) => STANDALONE_APPS.find((a) => url.startsWith(a.base));

  // Client-side routes (/markets, /trading/TCS.NS) get the shell, those under a standalone app's base (/ops/deposits)
  // that app's page; missing files and API paths get a real 404.
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (isApiPath(url)) return reply.code(404).send(rejection('notFound'));
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !isAssetPath(url) && req.headers.accept?.includes('text/html') !== false;
    const standalone = standaloneOf(url);
    if (isPage && standalone) return sendStandalone(standalone, reply);
    if (isPage) return sendPage(req, reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
