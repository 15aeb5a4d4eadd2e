import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({ preloadRemote: jest.fn().mockResolvedValue(undefined), registerRemotes: jest.fn() }));

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
  expect(registerRemotes).toHaveBeenCalledTimes(1);
  preloadRoute('/stock/v2/RELIANCE.NS/Reliance');
  expect(preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'mf_markets', exposes: ['./lifecycles'], resourceCategory: 'sync' }]);
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
