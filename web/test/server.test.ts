/**
 * The web files as `npm start` serves them (@invest/web) beside the API, over a fixture build in a temp folder:
 * deep links with dotted codes get the shell, build internals stay private, every answer carries the security
 * headers, and /api paths the static router sees still answer `{msg, data}`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { backends, useApp } from '@invest/api/testing';
import { registerWeb, WEB_APPS } from '../src';
import { REGISTRY_DATA_ID } from 'shell/registry-data';

const SHELL_HTML = '<!doctype html><html><head><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>';
const CONSOLE_HTML = '<!doctype html><html><head><script defer src="/ops/main.abcdef12.js"></script></head><body><div id="root" data-page="ops"></div></body></html>';
const LOGIN_HTML = '<!doctype html><html><head><script defer src="/login.abcdef12.js"></script></head><body><div id="root" data-page="login"></div></body></html>';

/** The one release of each remote in the fixture. */
const V = '0.1.0-fixture';
/** A remote's file in its release, as the page asks for it. */
const inRelease = (short: string, file: string) => `/remotes/${short}/${V}/${file}`;

/**
 * A build of every web app, with the files a real build leaves beside its bundles: the shell's in `<app>/dist`, each
 * remote's published as release V in `releases/<short>/V/`.
 */
function fixtureBuild(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-web-'));
  for (const app of WEB_APPS) {
    const dist = app.short ? path.join(root, 'releases', app.short, V) : path.join(root, app.dir, 'dist');
    fs.mkdirSync(dist, { recursive: true });
    const entry = app.short ? 'remoteEntry.js' : 'main.js';
    fs.writeFileSync(path.join(dist, entry), '//# sourceMappingURL=' + entry + '.map\n');
    fs.writeFileSync(path.join(dist, `${entry}.map`), '{"version":3,"sourcesContent":["secret source"]}');
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), '{}');
    fs.writeFileSync(path.join(dist, '123.abcdef12.js'), 'self.chunk = 1;\n');
    fs.writeFileSync(path.join(dist, 'mf-manifest-stats.json'), '{"buildInfo":{}}');
    fs.writeFileSync(path.join(dist, '.built'), new Date().toISOString());
    if (!app.short) fs.writeFileSync(path.join(dist, 'index.html'), app.base ? CONSOLE_HTML : SHELL_HTML);
    if (!app.short) fs.writeFileSync(path.join(dist, 'login.html'), LOGIN_HTML);
  }
  fs.writeFileSync(path.join(root, 'remotes.json'), '{}');
  return root;
}

/** The server over a fixture build. */
const webOver = (root: string, remotesFile = path.join(root, 'remotes.json')) => (app: Parameters<typeof registerWeb>[0]) =>
  registerWeb(app, { remotesFile, releasesDir: path.join(root, 'releases'), distOf: (a) => path.join(root, a.dir, 'dist') });

// The web files do not depend on the database: one backend is enough.
describe('web files served beside the API', () => {
  const root = fixtureBuild();
  const t = useApp(backends[0]!, { beforeReady: webOver(root) });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const page = (url: string) => t.current.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it.each(['/trading/TCS.NS', '/stock/trading/RELIANCE.BO', '/stock/v2/TCS.NS/TCS', '/markets', '/news/3', '/'])(
    'serves the shell for the client-side route %s',
    async (url) => {
      const res = await page(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body.data).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it("serves the operators' console's page for every route under /ops/, its files under /ops/, and never the shell there", async () => {
    for (const url of ['/ops/', '/ops/deposits', '/ops/kyc?id=3']) {
      const res = await page(url);
      expect(res.status).toBe(200);
      expect(res.body.data).toContain('data-page="ops"');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
    const bare = await page('/ops');
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/ops/');
    const chunk = await t.current.inject({ method: 'GET', url: '/ops/123.abcdef12.js' });
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await t.current.inject({ method: 'GET', url: '/ops/main.js.map' })).status).toBe(404);
    expect((await t.current.inject({ method: 'GET', url: '/ops/missing.js' })).status).toBe(404);
    // The investor's routes keep the shell.
    expect((await page('/operations')).body.data).not.toContain('data-page="ops"');
  });

  it('serves the standalone login page at /login when the build has one, the shell otherwise', async () => {
    for (const url of ['/login', '/login?phone=9876543210']) {
      const res = await page(url);
      expect(res.status).toBe(200);
      expect(res.body.data).toContain('data-page="login"');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    }
    // The other auth screens are the shell's.
    expect((await page('/register')).body.data).not.toContain('data-page="login"');
    // A development build has no login page: the shell shows its own login screen.
    const shellDist = path.join(root, WEB_APPS[0]!.dir, 'dist');
    fs.rmSync(path.join(shellDist, 'login.html'));
    try {
      const res = await page('/login');
      expect(res.status).toBe(200);
      expect(res.body.data).toContain('src="/main.js"');
    } finally {
      fs.writeFileSync(path.join(shellDist, 'login.html'), LOGIN_HTML);
    }
  });

  it.each(['/main.js', inRelease('markets', 'remoteEntry.js'), '/mf-manifest.json', inRelease('account', 'mf-manifest.json')])('serves the build file %s', async (url) => {
    expect((await page(url)).status).toBe(200);
  });

  it.each(['/main.js.map', inRelease('markets', 'remoteEntry.js.map'), '/mf-manifest-stats.json', inRelease('wallet', 'mf-manifest-stats.json'), '/.built', inRelease('trading', '.built')])(
    'keeps %s private: a plain 404',
    async (url) => {
      const res = await page(url);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).not.toMatchObject({ msg: 'ok' });
    },
  );

  it.each(['/missing.js', '/remotes/markets/nope', inRelease('markets', 'nope.js'), '/remotes/markets/0.0.9-gone/remoteEntry.js', '/favicon.ico'])('answers a missing file %s with 404, not the shell', async (url) => {
    const res = await page(url);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api/a%00b'],
    ['GET', '/api/..%2fmain.js'],
    ['GET', '/api/main.js'],
    ['HEAD', '/api/v2/quotes/stream?symbols=AAPL'],
    ['POST', '/api/nope'],
  ] as const)('keeps {msg, data} on %s %s', async (method, url) => {
    const res = await t.current.inject({ method, url, headers: { accept: 'text/html' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    if (method !== 'HEAD') expect(res.body).toEqual({ msg: 'no', data: expect.any(String) });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('lets the page use no powerful feature it does not need (Permissions-Policy), and files go without the header', async () => {
    for (const url of ['/', '/account/real-name', '/login']) {
      const policy = String((await page(url)).headers['permissions-policy']);
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'display-capture', 'browsing-topics']) {
        expect(policy).toMatch(new RegExp(`(^|, )${feature}=\\(\\)`));
      }
      // What the app uses stays allowed to itself: copying an address or a code to the clipboard.
      expect(policy).not.toContain('clipboard-write=()');
    }
    expect((await page('/main.js')).headers['permissions-policy']).toBeUndefined();
  });

  it('sends the security headers with the HTML, and with the scripts those that apply to a file', async () => {
    for (const url of ['/', '/trading/TCS.NS']) {
      const res = await page(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeDefined();
    }
    for (const url of ['/main.js', inRelease('markets', 'remoteEntry.js'), '/remotes.json']) {
      const res = await page(url);
      expect(res.status).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      // What only a document reads is not repeated on every file it loads.
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
    // A hashed file, and every file of a remote's release, its entry and manifest too, is cached for good: no
    // validators. The shell's entry files and remotes.json keep them: revalidated on every load.
    for (const url of ['/123.abcdef12.js', inRelease('markets', '123.abcdef12.js'), inRelease('markets', 'remoteEntry.js'), inRelease('markets', 'mf-manifest.json')]) {
      const file = await page(url);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(file.headers.etag).toBeUndefined();
    }
    for (const url of ['/main.js', '/remotes.json']) expect((await page(url)).headers['cache-control']).toBe('no-cache');
    expect((await page('/main.js')).headers.etag).toBeDefined();
    // The API's answers keep every header.
    const api = await t.current.inject({ method: 'GET', url: '/api/v2/config' });
    expect(String(api.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(api.headers['x-frame-options']).toBe('DENY');
  });
});

describe("a route's remote, hinted in its page", () => {
  const root = fixtureBuild();
  const trading = path.join(root, 'releases', 'trading', V);
  fs.writeFileSync(
    path.join(trading, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { name: 'mf_trading', remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
      exposes: [{ path: './lifecycles', assets: { js: { sync: ['951.e3f1d506.js', 'lifecycles.d5e9.js'], async: ['943.5997b5a4.js'] }, css: { sync: ['lifecycles.2fa8.css'], async: [] } } }],
    }),
  );
  const remotesFile = path.join(root, 'remotes.json');
  const servedHere = { mf_trading: inRelease('trading', 'mf-manifest.json'), mf_markets: inRelease('markets', 'mf-manifest.json') };
  fs.writeFileSync(remotesFile, JSON.stringify(servedHere));
  const t = useApp(backends[0]!, { beforeReady: webOver(root) });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const get = (url: string) => t.current.built.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'br' } });
  const html = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) =>
    res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.rawPayload.toString();

  it("asks for the remote's manifest, entry and first code with the page, after the shell's own, in the modes the runtime asks in", async () => {
    const res = await get('/trade');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = html(res);
    const release = `/remotes/trading/${V}/`;
    expect(page).toContain(
      `<script defer src="/main.js"></script>` +
        `<script type="application/json" id="${REGISTRY_DATA_ID}">${JSON.stringify(servedHere)}</script>` +
        `<link rel="preload" href="${release}mf-manifest.json" as="fetch" crossorigin="anonymous">` +
        `<link rel="preload" href="${release}remoteEntry.js" as="script">` +
        `<link rel="preload" href="${release}951.e3f1d506.js" as="script">` +
        `<link rel="preload" href="${release}lifecycles.d5e9.js" as="script">` +
        `<link rel="preload" href="${release}lifecycles.2fa8.css" as="style"></head>`,
    );
    // A screen's own chunks load with the screen: not hinted.
    expect(page).not.toContain('943.5997b5a4.js');
    // No frame, no inline script: the page's CSP allows none.
    expect(String(res.headers['content-security-policy'])).not.toContain('sha256');
    expect(html(await get('/records/12'))).toContain(`${release}remoteEntry.js`);
  });

  it('carries remotes.json as it is when the page is asked for: the shell registers the remotes from it, a repoint shows in the next page', async () => {
    const registryIn = (page: string) => JSON.parse(new RegExp(`<script type="application/json" id="${REGISTRY_DATA_ID}">(.*?)</script>`).exec(page)![1]!) as unknown;
    for (const url of ['/', '/trade', '/register', '/no/such/route']) expect(registryIn(html(await get(url)))).toEqual(servedHere);
    // An operator's file names whatever it names: nothing in it closes the element it sits in.
    const repointed = { ...servedHere, mf_markets: '/remotes/markets/9.9.9-00000000/mf-manifest.json?</script><script>alert(1)//' };
    fs.writeFileSync(remotesFile, JSON.stringify(repointed));
    try {
      const page = html(await get('/'));
      expect(registryIn(page)).toEqual(repointed);
      expect(page).not.toContain('alert(1)//</script>');
    } finally {
      fs.writeFileSync(remotesFile, JSON.stringify(servedHere));
    }
    // A registry that cannot be read leaves the page as built, which fetches remotes.json itself.
    fs.writeFileSync(remotesFile, '{');
    try {
      const page = html(await get('/'));
      expect(page).not.toContain(REGISTRY_DATA_ID);
      expect(page).toContain('<div id="root">');
    } finally {
      fs.writeFileSync(remotesFile, JSON.stringify(servedHere));
    }
  });

  it('hints nothing where it cannot: the shell’s own routes, unknown paths, a remote served elsewhere, a manifest it cannot read', async () => {
    for (const url of ['/register', '/no/such/route', '/']) expect(html(await get(url))).not.toContain('rel="preload"');
    fs.writeFileSync(remotesFile, JSON.stringify({ ...servedHere, mf_trading: 'https://cdn.example.com/trading/mf-manifest.json' }));
    try {
      expect(html(await get('/trade'))).not.toContain('rel="preload"');
    } finally {
      fs.writeFileSync(remotesFile, JSON.stringify(servedHere));
    }
  });
});

describe("a route's early calls, started by the page", () => {
  const root = fixtureBuild();
  const trading = path.join(root, 'releases', 'trading', V);
  const positions = '/stock/success/v2/transaction';
  fs.writeFileSync(
    path.join(trading, 'early-calls.json'),
    JSON.stringify({
      calls: [
        { route: '/trade', path: positions, input: { type: 'stock', page: 1, limit: 10 } },
        { route: '/trade-no-nav/:type/:buck?', path: positions, input: { type: ':type', page: 1, limit: 10 } },
        { route: '/trade-no-nav/:type/:buck?', path: '/stock/success/deal/rules', input: {} },
      ],
    }),
  );
  fs.writeFileSync(path.join(root, 'remotes.json'), JSON.stringify({ mf_trading: inRelease('trading', 'mf-manifest.json') }));
  const t = useApp(backends[0]!, { beforeReady: webOver(root) });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const get = (url: string) => t.current.built.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  const earlyOf = (page: string) => {
    const m = /<script type="application\/json" id="early-calls">(.*?)<\/script><script>(.*?)<\/script>/.exec(page);
    return m ? { urls: JSON.parse(m[1]!) as string[], script: m[2]! } : null;
  };
  const hashOf = (script: string) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`;

  it("lists the remote's calls for the route, with its params, and lets the page run the one script that starts them", async () => {
    const res = await get('/trade-no-nav/forex/1');
    const early = earlyOf(res.body)!;
    // Parameters in name order, as the client's call() writes the same URL.
    expect(early.urls).toEqual([`/api${positions}?limit=10&page=1&type=forex`, '/api/stock/success/deal/rules']);
    expect(early.script).toContain('localStorage.getItem');
    expect(String(res.headers['content-security-policy'])).toContain(hashOf(early.script));
    expect(earlyOf((await get('/trade')).body)!.urls).toEqual([`/api${positions}?limit=10&page=1&type=stock`]);
    // A param is put in the page as data, never as markup.
    expect(earlyOf((await get('/trade-no-nav/%3C%2Fscript%3E')).body)!.urls[0]).toBe(`/api${positions}?limit=10&page=1&type=%3C%2Fscript%3E`);
  });

  it("starts nothing where the remote names nothing, or is not served here, and keeps the page's CSP free of it", async () => {
    for (const url of ['/records', '/register', '/no/such/route']) {
      const res = await get(url);
      expect(earlyOf(res.body)).toBeNull();
      expect(String(res.headers['content-security-policy'])).not.toContain('sha256');
    }
    expect(earlyOf((await get(`/trade-no-nav/${'x'.repeat(65)}`)).body)).toBeNull();
  });
});

/** A remote's prerender as its Node build leaves it (dist/server): draws `/` from the categories. */
const PRERENDER_JS = `module.exports = { default: {
  name: 'mf_markets',
  paths: ['/'],
  async load(path, ask) { return [[['/stock/category/list', {}], await ask('/stock/category/list', {})]]; },
  async render(path, data) {
    if (process.env.FRAME_FIXTURE_FAILS) throw new Error('cannot draw');
    const names = data[0][1].categories.map((c) => c.category_name).join(', ');
    return { html: '<h1 class="title">Home</h1><p>' + names + '</p>', state: { mutations: [], queries: [{ queryKey: ['/x'], state: { data: '</script><script>alert(1)</script>' } }] } };
  },
} };`;

describe("a route's first frame in the page", () => {
  const root = fixtureBuild();
  const markets = path.join(root, 'releases', 'markets', V);
  fs.mkdirSync(path.join(markets, 'server'));
  fs.writeFileSync(path.join(markets, 'server', 'prerender.js'), PRERENDER_JS);
  fs.writeFileSync(path.join(markets, 'server', 'prerender.css'), '.title{font-size:20px}.unused{color:red}');
  const remotesFile = path.join(root, 'remotes.json');
  const servedHere = { mf_markets: inRelease('markets', 'mf-manifest.json') };
  fs.writeFileSync(remotesFile, JSON.stringify(servedHere));
  const t = useApp(backends[0]!, { beforeReady: webOver(root) });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const get = (url: string, encoding = 'br, gzip') => t.current.built.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': encoding } });
  const html = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) =>
    res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.rawPayload).toString() : res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.rawPayload).toString() : res.rawPayload.toString();

  it("puts the frame the remote drew, from the server's categories, in the shell's page: compressed, with only the CSS it uses", async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = html(res);
    const { categories } = t.current.built.app.sharedAnswers['/stock/category/list']!() as { categories: { category_name: string }[] };
    const names = categories.map((c) => c.category_name).join(', ');
    expect(page).toContain(`<body><div id="prerender"><div><h1 class="title">Home</h1><p>${names}</p></div></div>`);
    expect(page).toContain('<script defer src="/main.js"></script>'); // the shell's page, otherwise as built
    expect(page).toContain('.title{font-size:20px}');
    expect(page).not.toContain('.unused');
    // The answers ride along as JSON that cannot close its element.
    const state = /<script type="application\/json" id="prerender-state">(.*?)<\/script>/.exec(page)![1]!;
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state).queries[0].state.data).toBe('</script><script>alert(1)</script>');
    // The head's gate is the page's one inline script, allowed by its hash and by nothing looser.
    const gate = /<script>(.*?)<\/script>/.exec(page)![1]!;
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${crypto.createHash('sha256').update(gate).digest('base64')}';`);
    expect(csp).not.toContain('unsafe-inline\';script-src-attr');
    expect(csp).toContain("frame-ancestors 'none'");
    // Every encoding says the same.
    expect(html(await get('/', 'gzip'))).toBe(page);
    expect(html(await get('/', 'identity'))).toBe(page);
  });

  it("draws from the API's own answers: what a logged-in user gets, checked as the routes check them", async () => {
    const { phone, password } = await t.current.register();
    const token = await t.current.login(phone, password);
    const shared = t.current.built.app.sharedAnswers;
    expect((await t.current.get('/stock/category/list', { token })).body.data).toEqual(shared['/stock/category/list']!());
    const card = { symbol: '^NSEI', mold: '1m', view: 'spark' };
    expect((await t.current.get('/v2/yahoo', { token, query: card })).body.data).toEqual(shared['/v2/yahoo']!(card));
    expect(() => shared['/v2/yahoo']!({ symbol: '^NOPE' })).toThrow();
    expect(() => shared['/v2/yahoo']!({ symbol: '^NSEI', mold: '7y' })).toThrow();
  });

  it('leaves the page as built where no frame can be: another route, a remote served elsewhere, a prerender that fails', async () => {
    expect(html(await get('/markets'))).not.toContain('prerender');
    fs.writeFileSync(remotesFile, JSON.stringify({ mf_markets: 'https://cdn.example.com/markets/mf-manifest.json' }));
    try {
      expect(html(await get('/'))).not.toContain('prerender');
    } finally {
      fs.writeFileSync(remotesFile, JSON.stringify(servedHere));
    }
    process.env.FRAME_FIXTURE_FAILS = '1';
    fs.utimesSync(path.join(markets, 'server', 'prerender.js'), new Date(), new Date(Date.now() + 5000)); // a new build
    try {
      const res = await get('/');
      expect(res.statusCode).toBe(200);
      expect(html(res)).not.toContain('prerender');
      expect(String(res.headers['content-security-policy'])).not.toContain('sha256');
    } finally {
      delete process.env.FRAME_FIXTURE_FAILS;
    }
  });

  it("draws the paths a prerender's patterns match, from their parameters; an unknown code in the address goes without a frame, quietly", async () => {
    // A new release of the remote whose prerender draws by route pattern.
    const next = path.join(root, 'releases', 'markets', `${V}-next`);
    fs.mkdirSync(path.join(next, 'server'), { recursive: true });
    fs.writeFileSync(path.join(next, 'mf-manifest.json'), '{}');
    fs.writeFileSync(path.join(next, 'server', 'prerender.js'), STOCK_PRERENDER_JS);
    fs.writeFileSync(remotesFile, JSON.stringify({ mf_markets: `/remotes/markets/${V}-next/mf-manifest.json` }));
    const warn = jest.spyOn(t.current.built.app.log, 'warn');
    try {
      const page = html(await get('/stock/v2/RELIANCE.NS/Reliance%20Industries'));
      const rows = (t.current.built.app.sharedAnswers['/v2/yahoo']!({ symbol: 'RELIANCE.NS', mold: '1m' }) as { rows: unknown[] }).rows.length;
      expect(rows).toBeGreaterThan(0);
      expect(page).toContain(`<div id="prerender"><div><h1 class="title">RELIANCE.NS</h1><p>${rows} rows</p></div></div>`);
      expect(html(await get('/stock/v2/TCS.NS/TCS'))).toContain('<h1 class="title">TCS.NS</h1>');
      // What the patterns do not match, and a code the market does not know, get the page as built, and no warning.
      expect(html(await get('/'))).not.toContain('prerender');
      expect(html(await get('/stock/v2/NOPE.NS/Nope'))).not.toContain('prerender');
      expect(html(await get(`/stock/v2/${'X'.repeat(500)}/Long`))).not.toContain('prerender');
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      fs.writeFileSync(remotesFile, JSON.stringify(servedHere));
    }
    // Rolled back: the release before draws home again.
    expect(html(await get('/'))).toContain('<div id="prerender">');
  });

  it('never serves the server build', async () => {
    for (const url of [inRelease('markets', 'server/prerender.js'), inRelease('markets', 'server/prerender.css')]) expect((await get(url)).statusCode).toBe(404);
  });
});

/** A prerender built on route patterns: draws a stock's detail from its real-time chart rows. */
const STOCK_PRERENDER_JS = `module.exports = { default: {
  name: 'mf_markets',
  paths: ['/stock/v2/:code/:name'],
  matches(path) { return /^\\/stock\\/v2\\/[^/]+\\/[^/]+$/.test(path); },
  async load(path, ask) {
    const input = { symbol: decodeURIComponent(path.split('/')[3]), mold: '1m' };
    return [[['/v2/yahoo', input], await ask('/v2/yahoo', input)]];
  },
  async render(path, data) {
    const [[key, chart]] = data;
    return { html: '<h1 class="title">' + key[1].symbol + '</h1><p>' + chart.rows.length + ' rows</p>', state: { mutations: [], queries: [] } };
  },
} };`;
