import { PAGE_RUNTIME_VERSION } from '../src/compatibility';

const MANIFEST_URL = '/remotes/wallet/1.2.0-abc/mf-manifest.json';
const ENTRY_URL = 'http://localhost/remotes/wallet/1.2.0-abc/remoteEntry.js';

const manifest = (runtimeRange = `^${PAGE_RUNTIME_VERSION}`) => ({
  name: 'mf_wallet',
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  shared: [
    { name: '@invest/runtime', requiredVersion: runtimeRange, singleton: true },
    { name: 'react', requiredVersion: '^19.3.1', singleton: true },
    { name: '@invest/shared', requiredVersion: '^1.0.0', singleton: false },
  ],
  exposes: [{ path: './lifecycles', assets: { js: { sync: ['12.ab.js', 'lifecycles.cd.js'] }, css: { sync: ['lifecycles.ef.css'] } } }],
});

type Globals = Record<string, unknown>;
const globals = globalThis as unknown as Globals;

/** The page's share scope and webpack's sharing hook, as the shell's build defines them. */
const pageReact = { from: 'shell' };
const pageShared = { from: 'shell' };
let pageScope: Record<string, Record<string, unknown>>;
const initSharing = jest.fn().mockResolvedValue(undefined);

/** What a remote's entry does when it runs: defines its container as a global of its name. */
function containerThatExposes(exports: unknown) {
  return { init: jest.fn(), get: jest.fn().mockResolvedValue(() => exports) };
}

/** Entry scripts the loader adds to the page; each answers as `respond` says when it is added. */
let entries: string[] = [];
let respond: (script: HTMLScriptElement) => void;
const observer = new MutationObserver((records) => {
  for (const r of records) for (const node of r.addedNodes) if (node instanceof HTMLScriptElement) {
    entries.push(node.src);
    respond(node);
  }
});

const runsAs = (container: unknown) => (script: HTMLScriptElement) => {
  globals.mf_wallet = container;
  script.onload?.(new Event('load'));
};
const failsToLoad = (script: HTMLScriptElement) => script.onerror?.(new Event('error'));

let federation: typeof import('../src/federation');
let fetchMock: jest.Mock;

beforeAll(() => observer.observe(document.head, { childList: true }));
afterAll(() => observer.disconnect());

beforeEach(async () => {
  entries = [];
  document.head.innerHTML = '';
  globals.__webpack_init_sharing__ = initSharing;
  pageScope = { react: { '19.3.1': pageReact }, '@invest/shared': { '1.0.0': pageShared } };
  globals.__webpack_share_scopes__ = { default: pageScope };
  initSharing.mockClear();
  fetchMock = jest.fn().mockImplementation(async () => ({ ok: true, status: 200, json: async () => manifest() }));
  global.fetch = fetchMock;
  await jest.isolateModulesAsync(async () => {
    federation = await import('../src/federation');
  });
});

const settle = () => new Promise((r) => setTimeout(r, 0));

it('runs the entry the manifest names, gives its container the page’s share scope, and returns the module', async () => {
  const lifecycles = { mount: jest.fn() };
  const container = containerThatExposes(lifecycles);
  respond = runsAs(container);
  await expect(federation.loadExposed('mf_wallet', MANIFEST_URL, './lifecycles')).resolves.toBe(lifecycles);
  expect(fetchMock).toHaveBeenCalledWith(MANIFEST_URL);
  expect(entries).toEqual([ENTRY_URL]);
  expect(initSharing).toHaveBeenCalledWith('default');
  expect(container.init).toHaveBeenCalledWith(pageScope);
  expect(container.get).toHaveBeenCalledWith('./lifecycles');
  // The entry's script element is gone once it has run; a second module of the remote runs no entry again.
  expect(document.head.querySelector('script')).toBeNull();
  await federation.loadExposed('mf_wallet', MANIFEST_URL, './lifecycles');
  expect(entries).toHaveLength(1);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(container.init).toHaveBeenCalledTimes(1);
});

it('a remote takes the page’s modules: a singleton is the page’s alone, a versioned module its own only in a version the page lacks', async () => {
  const container = containerThatExposes({ mount: jest.fn() });
  container.init.mockImplementation((scope: Record<string, Record<string, unknown>>) => {
    // What webpack's container does on init: register its own copies in the scope it is given (an equal version of
    // the page's too), and what the page lacks.
    (scope.react ??= {})['19.3.2'] = { from: 'mf_wallet' };
    (scope['@invest/shared'] ??= {})['1.0.0'] = { from: 'mf_wallet' };
    scope['@invest/shared']['1.1.0'] = { from: 'mf_wallet' };
  });
  respond = runsAs(container);
  await federation.loadExposed('mf_wallet', MANIFEST_URL, './lifecycles');
  const given = container.init.mock.calls[0]![0] as Record<string, Record<string, unknown>>;
  expect(given.react).toEqual({ '19.3.1': pageReact });
  // The page's entry itself: what one remote loads of it, the others find loaded.
  expect(given.react!['19.3.1']).toBe(pageReact);
  expect(given['@invest/shared']!['1.0.0']).toBe(pageShared);
  expect(given['@invest/shared']!['1.1.0']).toEqual({ from: 'mf_wallet' });
  // Nothing of the remote reaches the page, where the other remotes look.
  expect(pageScope).toEqual({ react: { '19.3.1': pageReact }, '@invest/shared': { '1.0.0': pageShared } });
});

it('refuses a remote built for another runtime major before its entry runs', async () => {
  fetchMock.mockImplementation(async () => ({ ok: true, status: 200, json: async () => manifest('^2.0.0') }));
  respond = runsAs(containerThatExposes({}));
  await expect(federation.loadExposed('mf_wallet', MANIFEST_URL, './lifecycles')).rejects.toThrow(
    `mf_wallet needs @invest/runtime ^2.0.0; this page provides ${PAGE_RUNTIME_VERSION}`,
  );
  expect(entries).toEqual([]);
  expect(initSharing).not.toHaveBeenCalled();
});

it('a manifest that fails is asked for again by the next load', async () => {
  fetchMock.mockResolvedValueOnce({ ok: false, status: 503 });
  respond = runsAs(containerThatExposes({ mount: jest.fn() }));
  await expect(federation.loadExposed('mf_wallet', MANIFEST_URL, './lifecycles')).rejects.toThrow(`mf_wallet: ${MANIFEST_URL} answered HTTP 503`);
  await settle();
  await expect(federation.loadExposed('mf_wallet', MANIFEST_URL, './lifecycles')).resolves.toBeTruthy();
  expect(fetchMock).toHaveBeenCalledTimes(2);
});

it('an entry that fails to download, or defines no container, fails the load; the next load runs it afresh', async () => {
  respond = failsToLoad;
  await expect(federation.loadExposed('mf_wallet', MANIFEST_URL, './lifecycles')).rejects.toThrow(`${ENTRY_URL} failed to load`);
  await settle();
  respond = runsAs(undefined);
  await expect(federation.loadExposed('mf_wallet', MANIFEST_URL, './lifecycles')).rejects.toThrow('mf_wallet: its entry defines no container');
  await settle();
  respond = runsAs(containerThatExposes({ mount: jest.fn() }));
  await expect(federation.loadExposed('mf_wallet', MANIFEST_URL, './lifecycles')).resolves.toBeTruthy();
  expect(entries).toEqual([ENTRY_URL, ENTRY_URL, ENTRY_URL]);
  // The manifest itself had answered: it is read once.
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it('a forgotten remote is loaded afresh: its manifest and its entry', async () => {
  respond = runsAs(containerThatExposes({ mount: jest.fn() }));
  await federation.loadExposed('mf_wallet', MANIFEST_URL, './lifecycles');
  federation.forgetRemote('mf_wallet');
  await federation.loadExposed('mf_wallet', MANIFEST_URL, './lifecycles');
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(entries).toHaveLength(2);
});

it('a preload downloads the entry and the module’s first files without running them, each once', async () => {
  respond = () => undefined;
  // The page server already hinted the entry.
  const hint = document.createElement('link');
  hint.rel = 'preload';
  hint.as = 'script';
  hint.href = '/remotes/wallet/1.2.0-abc/remoteEntry.js';
  document.head.append(hint);
  await federation.preloadExposed('mf_wallet', MANIFEST_URL, './lifecycles');
  await federation.preloadExposed('mf_wallet', MANIFEST_URL, './lifecycles');
  const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => [l.as, l.href]);
  expect(links).toEqual([
    ['script', ENTRY_URL],
    ['script', 'http://localhost/remotes/wallet/1.2.0-abc/12.ab.js'],
    ['script', 'http://localhost/remotes/wallet/1.2.0-abc/lifecycles.cd.js'],
    ['style', 'http://localhost/remotes/wallet/1.2.0-abc/lifecycles.ef.css'],
  ]);
  expect(entries).toEqual([]);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it('a load asks for the module’s first files beside the entry, before the entry has run (one round trip, not two)', async () => {
  let askedForWhenEntryAdded: string[] = [];
  const run = runsAs(containerThatExposes({ mount: jest.fn() }));
  respond = (script) => {
    askedForWhenEntryAdded = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => l.href);
    run(script);
  };
  await federation.loadExposed('mf_wallet', MANIFEST_URL, './lifecycles');
  expect(askedForWhenEntryAdded).toEqual([
    ENTRY_URL,
    'http://localhost/remotes/wallet/1.2.0-abc/12.ab.js',
    'http://localhost/remotes/wallet/1.2.0-abc/lifecycles.cd.js',
    'http://localhost/remotes/wallet/1.2.0-abc/lifecycles.ef.css',
  ]);
  expect(entries).toEqual([ENTRY_URL]);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it('a load of a remote built for another runtime asks for none of its files', async () => {
  fetchMock.mockImplementation(async () => ({ ok: true, status: 200, json: async () => manifest('^2.0.0') }));
  await expect(federation.loadExposed('mf_wallet', MANIFEST_URL, './lifecycles')).rejects.toThrow('needs @invest/runtime ^2.0.0');
  await settle();
  expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
  expect(entries).toEqual([]);
});

it('a preload of a remote built for another runtime downloads nothing of it', async () => {
  fetchMock.mockImplementation(async () => ({ ok: true, status: 200, json: async () => manifest('^2.0.0') }));
  await expect(federation.preloadExposed('mf_wallet', MANIFEST_URL, './lifecycles')).rejects.toThrow('needs @invest/runtime ^2.0.0');
  expect(document.head.querySelectorAll('link')).toHaveLength(0);
});
