/**
 * iframe.html (embed.ts): framed only by this origin and the origins operators allow (`embed_origins`, read from the
 * public config call, applied within seconds), while every other page still refuses any frame; its chart's data is
 * the market answers every user gets, with nothing personal.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { backends, setClock, useApp } from '@invest/api/testing';
import { settings } from '../../api/src/db/schema';
import { EMBED_ORIGINS_SETTING, EMBED_ORIGINS_TTL_MS, EmbedOrigins, embedOriginsOf } from '../src/embed';
import { registerWeb, STANDALONE_APPS, WEB_APPS } from '../src';

const EMBED_HTML = '<!doctype html><html><head><script defer src="/embed.1a2b3c4d.js"></script></head><body><div id="root"></div></body></html>';

function fixtureBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-embed-'));
  for (const app of [WEB_APPS[0], ...STANDALONE_APPS]) {
    const dist = path.join(root, app.dir, 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  }
  const shell = path.join(root, WEB_APPS[0].dir, 'dist');
  fs.writeFileSync(path.join(shell, 'login.html'), '<!doctype html><html><head></head><body><div id="root" data-page="login"></div></body></html>');
  fs.writeFileSync(path.join(shell, 'iframe.html'), EMBED_HTML);
  fs.writeFileSync(path.join(root, 'remotes.json'), '{}');
  return root;
}

/** The policy's sources for one directive. */
const sourcesOf = (csp: unknown, directive: string) =>
  String(csp)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === directive)
    ?.slice(1);

describe('the origins operators allow', () => {
  it('takes http(s) origins as the URL parser writes them, and refuses anything that could add a source or a directive', () => {
    const { origins, refused } = embedOriginsOf(
      "https://Partner.example http://localhost:8080/ https://*.partner.example  https://partner.example 'unsafe-inline' * https://a.example/path https://a.example;script-src javascript:alert(1) data: https://user@a.example https://a.example?x",
    );
    expect(origins).toEqual(['https://partner.example', 'http://localhost:8080', 'https://*.partner.example']);
    expect(refused).toEqual(["'unsafe-inline'", '*', 'https://a.example/path', 'https://a.example;script-src', 'javascript:alert(1)', 'data:', 'https://user@a.example', 'https://a.example?x']);
    expect(embedOriginsOf('')).toEqual({ origins: [], refused: [] });
  });

  it('are read again after a few seconds; a read that fails keeps those read before, and none read means this origin only', async () => {
    let now = 0;
    let value: string | Error = new Error('database away');
    const warn = jest.fn();
    const config = jest.fn(async () => {
      if (value instanceof Error) throw value;
      return [{ tag: 'currency', value: 'INR' }, { tag: EMBED_ORIGINS_SETTING, value }];
    });
    const kept = new EmbedOrigins(config, warn, () => now);
    expect(await kept.origins()).toEqual([]);
    value = 'https://partner.example';
    expect(await kept.origins()).toEqual([]);
    now += EMBED_ORIGINS_TTL_MS;
    expect(await kept.origins()).toEqual(['https://partner.example']);
    expect(config).toHaveBeenCalledTimes(2);
    value = new Error('database away');
    now += EMBED_ORIGINS_TTL_MS;
    expect(await kept.origins()).toEqual(['https://partner.example']);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('iframe.html served beside the app', () => {
  const root = fixtureBuild();
  const t = useApp(backends[0]!, {
    beforeReady: (app) => registerWeb(app, { remotesFile: path.join(root, 'remotes.json'), releasesDir: path.join(root, 'releases'), distOf: (a) => path.join(root, a.dir, 'dist') }),
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  afterEach(() => jest.restoreAllMocks());
  const page = (url: string) => t.current.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  /** What an operator's `setting-set embed_origins …` leaves in the settings the public config call publishes. */
  const allow = (value: string) =>
    t.current.database.db.insert(settings).values({ tag: EMBED_ORIGINS_SETTING, value }).onConflictDoUpdate({ target: settings.tag, set: { value } });
  /** Past the time the page server keeps the setting: the next page reads it again. */
  let ahead = 0;
  const realNow = Date.now;
  const later = () => {
    ahead += EMBED_ORIGINS_TTL_MS;
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
  };

  it('may be framed by this origin only while no origin is allowed, and is never kept by a browser', async () => {
    const res = await page('/iframe.html?symbol=AAPL&interval=1d');
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(EMBED_HTML);
    expect(sourcesOf(res.headers['content-security-policy'], 'frame-ancestors')).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // Its policy changes with the setting: no copy, and no validator a 304 would answer with the policy kept before.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    // The rest of the app's policy, unchanged: scripts from this origin only, no inline script.
    expect(sourcesOf(res.headers['content-security-policy'], 'script-src')).toEqual(["'self'"]);
    expect(sourcesOf(res.headers['content-security-policy'], 'connect-src')).toEqual(["'self'"]);
  });

  it('may be framed by the origins operators allow, from the public config call, within seconds of a change and without a restart', async () => {
    const warn = jest.spyOn(t.current.built.app.log, 'warn');
    await allow('https://partner.example http://localhost:8080 not-an-origin');
    later();
    const res = await page('/iframe.html');
    expect(sourcesOf(res.headers['content-security-policy'], 'frame-ancestors')).toEqual(["'self'", 'https://partner.example', 'http://localhost:8080']);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('not-an-origin'));
    // The operator takes a partner off: the next page read after that says so.
    await allow('http://localhost:8080');
    later();
    expect(sourcesOf((await page('/iframe.html')).headers['content-security-policy'], 'frame-ancestors')).toEqual(["'self'", 'http://localhost:8080']);
    await allow('');
  });

  it('leaves every other page refusing to be framed, whatever the setting', async () => {
    await allow('https://partner.example');
    later();
    expect(sourcesOf((await page('/iframe.html')).headers['content-security-policy'], 'frame-ancestors')).toContain('https://partner.example');
    for (const url of ['/', '/markets', '/login', '/stock/v2/AAPL/Apple', '/ops/', '/iframe.html.bak', '/iframe']) {
      const res = await page(url);
      expect(res.status).toBe(200);
      expect(sourcesOf(res.headers['content-security-policy'], 'frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    const api = await t.current.inject({ method: 'GET', url: '/api/v2/config' });
    expect(api.headers['x-frame-options']).toBe('DENY');
    await allow('');
  });

  it('is missing, not broken, where the build made no page', async () => {
    const file = path.join(root, WEB_APPS[0].dir, 'dist', 'iframe.html');
    fs.renameSync(file, `${file}.away`);
    try {
      expect((await page('/iframe.html')).status).toBe(404);
    } finally {
      fs.renameSync(`${file}.away`, file);
    }
  });

  it("answers the chart's data as every user gets it, without a login: the quote and its rows", async () => {
    // One instant for both answers: a price tick between them would move the quote.
    setClock(t.current, Date.now());
    const res = await t.current.inject({ method: 'GET', url: '/iframe.json?symbol=AAPL&interval=1d' });
    expect(res.status).toBe(200);
    const { msg, data } = res.body as { msg: string; data: Record<string, unknown> & { rows: unknown[] } };
    expect(msg).toBe('ok');
    expect(data).toMatchObject({ symbol: 'AAPL', market: 'US', price: expect.any(Number), timezone: expect.any(String) });
    expect(data.rows.length).toBeGreaterThan(100);
    expect(data).not.toHaveProperty('linePath');
    // What the API answers a logged-in user, the same.
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const api = (await t.current.get('/v2/yahoo', { token, query: { symbol: 'AAPL', mold: '1d' } })).body.data as Record<string, unknown>;
    expect(data.price).toBe(api.price);
    expect(data.rows).toEqual(api.rows);
    // A file, not a document: shared for the price tick, none of the page's headers.
    expect(res.headers['cache-control']).toBe('public, max-age=5');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });

  it('refuses what the API refuses: an unknown code, an interval it does not draw, no code', async () => {
    const get = (query: string) => t.current.inject({ method: 'GET', url: `/iframe.json${query}` });
    const unknown = await get('?symbol=NOPE.NS');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ msg: 'no', data: 'notFound' });
    expect((await get('?symbol=AAPL&interval=7y')).status).toBe(400);
    expect((await get('')).status).toBe(400);
    expect((await get('?symbol=AAPL&symbol=MSFT')).status).toBe(400);
    expect(unknown.headers['cache-control']).toBe('no-cache');
  });
});
