import { preloadExposed } from '../src/federation';
import { REGISTRY_DATA_ID } from '../src/registryData';

jest.mock('../src/federation', () => ({ preloadExposed: jest.fn().mockResolvedValue(undefined), forgetRemote: jest.fn() }));

/** A fresh registry module (its state is the page's). */
async function freshRegistry(): Promise<typeof import('../src/registry')> {
  let mod!: typeof import('../src/registry');
  await jest.isolateModulesAsync(async () => {
    mod = await import('../src/registry');
  });
  return mod;
}

beforeEach(() => jest.clearAllMocks());

it('reads remotes.json once for the page: the early preload and the start share the answer', async () => {
  const fetchMock = jest.fn().mockResolvedValue({ ok: true, json: async () => ({ mf_markets: '/remotes/markets/mf-manifest.json' }) });
  global.fetch = fetchMock;
  const { loadRegistry, preloadRoute } = await freshRegistry();
  await Promise.all([loadRegistry(), loadRegistry()]);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  preloadRoute('/stock/v2/RELIANCE.NS/Reliance');
  expect(preloadExposed).toHaveBeenCalledWith('mf_markets', '/remotes/markets/mf-manifest.json', './lifecycles');
});

it('a failed read is asked for again by the next caller', async () => {
  const fetchMock = jest
    .fn()
    .mockResolvedValueOnce({ ok: false, status: 503 })
    .mockResolvedValueOnce({ ok: true, json: async () => ({ mf_wallet: '/remotes/wallet/mf-manifest.json' }) });
  global.fetch = fetchMock;
  const { loadRegistry, entryOf } = await freshRegistry();
  await expect(loadRegistry()).rejects.toThrow('HTTP 503');
  await expect(loadRegistry()).resolves.toEqual({ mf_wallet: '/remotes/wallet/mf-manifest.json' });
  expect(entryOf('mf-wallet')).toBe('/remotes/wallet/mf-manifest.json');
});

describe('the registry the page carries', () => {
  const carry = (text: string) => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = REGISTRY_DATA_ID;
    el.textContent = text;
    document.head.append(el);
  };
  afterEach(() => document.getElementById(REGISTRY_DATA_ID)?.remove());

  it('reads the remotes from it, asking the server for nothing', async () => {
    const fetchMock = jest.fn();
    global.fetch = fetchMock;
    carry(JSON.stringify({ mf_trading: '/remotes/trading/1.0.0-abc/mf-manifest.json' }));
    const { loadRegistry, entryOf, preloadRoute } = await freshRegistry();
    await loadRegistry();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(entryOf('mf-trading')).toBe('/remotes/trading/1.0.0-abc/mf-manifest.json');
    preloadRoute('/trade');
    expect(preloadExposed).toHaveBeenCalledWith('mf_trading', '/remotes/trading/1.0.0-abc/mf-manifest.json', './lifecycles');
  });

  it('one that does not read as a registry is ignored: remotes.json is fetched', async () => {
    for (const text of ['{', '[]', '{"mf_trading": 3}', '']) {
      const fetchMock = jest.fn().mockResolvedValue({ ok: true, json: async () => ({ mf_wallet: '/remotes/wallet/mf-manifest.json' }) });
      global.fetch = fetchMock;
      carry(text);
      const { loadRegistry } = await freshRegistry();
      await expect(loadRegistry()).resolves.toEqual({ mf_wallet: '/remotes/wallet/mf-manifest.json' });
      expect(fetchMock).toHaveBeenCalledWith('/remotes.json');
      document.getElementById(REGISTRY_DATA_ID)?.remove();
    }
  });
});
