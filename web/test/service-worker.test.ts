/**
 * The service worker that lets the app open offline (shell/src/offline): served as a browser looks for it (at the
 * root, revalidated on every load, its scope the whole app), allowed by the page's CSP, and keeping files by the way
 * they are deployed: versioned files for good, the files that name them only for when the network cannot answer, and
 * no API answer that depends on who asks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backends, useApp } from '@invest/api/testing';
import { URLPattern } from 'urlpattern-polyfill';
import { isAppNavigation, keepingOf, STATIC_ROUTES } from '../../shell/src/offline/policy';
import { registerWeb, WEB_APPS } from '../src';

const SW_JS = "self.addEventListener('fetch', () => {});\n";

function fixtureBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-sw-'));
  const dist = path.join(root, WEB_APPS[0].dir, 'dist');
  fs.mkdirSync(dist, { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>');
  fs.writeFileSync(path.join(dist, 'main.js'), '');
  fs.writeFileSync(path.join(dist, 'sw.js'), SW_JS);
  fs.writeFileSync(path.join(dist, 'sw.js.map'), '{"version":3,"sourcesContent":["source"]}');
  fs.writeFileSync(path.join(root, 'remotes.json'), '{}');
  return root;
}

describe('the service worker file', () => {
  const root = fixtureBuild();
  const t = useApp(backends[0]!, {
    beforeReady: (app) => registerWeb(app, { remotesFile: path.join(root, 'remotes.json'), releasesDir: path.join(root, 'releases'), distOf: (a) => path.join(root, a.dir, 'dist') }),
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const get = (url: string, accept = '*/*') => t.current.inject({ method: 'GET', url, headers: { accept } });

  it('is served at the root, revalidated on every load, with the whole app as its scope', async () => {
    const res = await get('/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.headers.etag).toBeDefined();
    expect(res.body.data).toBe(SW_JS);
    // A file, not a document: none of the page's headers; its source map stays on the server.
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect((await get('/sw.js.map')).status).toBe(404);
  });

  it("is one the page's CSP lets it register: worker-src, or what it falls back to, allows this origin", async () => {
    const csp = String((await get('/', 'text/html')).headers['content-security-policy']);
    const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
    const workers = ['worker-src', 'child-src', 'script-src', 'default-src'].map((d) => directives.get(d)).find(Boolean);
    expect(workers).toContain("'self'");
  });
});

describe('what the service worker keeps, by path', () => {
  it.each([
    // The shell's page, the registry and an unhashed entry script: a repoint or a deploy must reach the next load.
    ['/index.html', 'entry'],
    ['/login.html', 'entry'],
    ['/main.js', 'entry'],
    ['/remotes.json', 'entry'],
    // Every file of a release, its manifest and entry included (a repoint names another release), and the shell's
    // hashed files: they never change.
    ['/remotes/markets/0.1.0-4d1e7a2c/mf-manifest.json', 'immutable'],
    ['/remotes/markets/0.1.0-4d1e7a2c/remoteEntry.js', 'immutable'],
    ['/remotes/markets/0.1.0-4d1e7a2c/lifecycles.1a2b3c4d.js', 'immutable'],
    ['/remotes/account/1.2.0-00ff00ff/423.deadbeef.css', 'immutable'],
    ['/start.b674edcc.js', 'immutable'],
    // The production entry script: the page names it, so a new one comes with the next page.
    ['/main.d396db11.js', 'immutable'],
    ['/998.9220d718.css', 'immutable'],
    ['/login.c49e6347.js', 'immutable'],
    ['/0123456789abcdef0123.svg', 'immutable'],
    // The one API answer kept: the deployment's public settings.
    ['/api/v2/config', 'public'],
  ] as const)('%s: %s', (pathname, keeping) => {
    expect(keepingOf(pathname)).toBe(keeping);
  });

  it.each([
    // Answers for one user (their token), money calls, market data behind a login, the live streams.
    '/api/stock/success/v2/user/info',
    '/api/stock/success/v2/balance',
    '/api/stock/success/money/access',
    '/api/stock/success/v2/recharge/add',
    '/api/stock/category/list',
    '/api/v2/yahoo',
    '/api/v2/quotes/stream',
    '/api/stock/success/v2/wallet/stream',
    // The worker itself, the embeddable page, the operators' console, a file that names no version.
    '/sw.js',
    '/iframe.html',
    '/ops/main.1a2b3c4d.js',
    '/remotes/markets/remoteEntry.js',
    '/favicon.ico',
  ])('%s: not kept', (pathname) => {
    expect(keepingOf(pathname)).toBeNull();
  });

  it("opens the app's routes offline with the shell's page, and nothing else", () => {
    for (const route of ['/', '/markets', '/stock/v2/TCS.NS/TCS', '/account/changes', '/login']) expect(isAppNavigation(route)).toBe(true);
    for (const other of ['/ops/', '/ops/deposits', '/api/v2/config', '/iframe.html', '/remotes/markets/0.1.0-4d1e7a2c/mf-manifest.json']) expect(isAppNavigation(other)).toBe(false);
  });

  describe('its static routes: the browser reads them before the worker starts, the first that matches wins', () => {
    const ORIGIN = 'https://invest.example';
    const sourceOf = (pathname: string) =>
      STATIC_ROUTES.find((r) => new URLPattern({ ...r.condition.urlPattern, baseURL: `${ORIGIN}/sw.js` }).test(`${ORIGIN}${pathname}?a=1`))?.source ?? 'fetch-event';

    it.each([
      '/api/stock/success/v2/user/info',
      '/api/stock/success/user_message/unread-count',
      '/api/stock/success/v2/recharge/add',
      '/api/v2/yahoo',
      '/api/v2/quotes/stream',
    ])('%s: straight to the network, the worker neither woken nor waited for', (pathname) => {
      expect(keepingOf(pathname)).toBeNull();
      expect(sourceOf(pathname)).toBe('network');
    });

    it.each(['/api/v2/config', '/', '/index.html', '/remotes.json', '/remotes/markets/0.1.0-4d1e7a2c/remoteEntry.js', '/main.d396db11.js'])(
      '%s: the worker answers it',
      (pathname) => {
        expect(sourceOf(pathname)).toBe('fetch-event');
      },
    );
  });
});
