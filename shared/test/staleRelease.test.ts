import { reloadIfRedeployed, releaseOf } from '../src/remote/staleRelease';

/** What webpack throws when a chunk's script does not load: a ChunkLoadError naming the file. */
function chunkError(url: string): Error {
  return Object.assign(new Error(`Loading chunk 123 failed.\n(error: ${url})`), { name: 'ChunkLoadError', type: 'error', request: url });
}

const OLD_CHUNK = 'http://localhost/remotes/account/0.1.0-aaaa1111/123.js';
let registry: Record<string, string>;
const fetchMock = jest.fn(async () => ({ ok: true, json: async () => registry }));

beforeEach(() => {
  sessionStorage.clear();
  fetchMock.mockClear();
  (globalThis as { fetch: unknown }).fetch = fetchMock;
  registry = { mf_markets: '/remotes/markets/0.1.0-cccc3333/mf-manifest.json', mf_account: '/remotes/account/0.2.0-bbbb2222/mf-manifest.json' };
});

it('names the remote and release of a file served from a release', () => {
  expect(releaseOf(OLD_CHUNK)).toEqual({ remote: 'account', version: '0.1.0-aaaa1111' });
  expect(releaseOf('/remotes/account/0.2.0-bbbb2222/mf-manifest.json')).toEqual({ remote: 'account', version: '0.2.0-bbbb2222' });
  expect(releaseOf('/shell.3f2a.js')).toBeNull();
});

it('reloads once onto the release remotes.json names now when an old release’s screen code is gone', async () => {
  const reload = jest.fn();
  await expect(reloadIfRedeployed(chunkError(OLD_CHUNK), reload)).resolves.toBe(true);
  expect(reload).toHaveBeenCalledTimes(1);
  // The same failure after that reload (a registry served stale, say) shows the failure instead of looping.
  await expect(reloadIfRedeployed(chunkError(OLD_CHUNK), reload)).resolves.toBe(false);
  expect(reload).toHaveBeenCalledTimes(1);
});

it('does not reload when the failing release is still the current one: that failure is the app’s to show', async () => {
  registry.mf_account = '/remotes/account/0.1.0-aaaa1111/mf-manifest.json';
  const reload = jest.fn();
  await expect(reloadIfRedeployed(chunkError(OLD_CHUNK), reload)).resolves.toBe(false);
  expect(reload).not.toHaveBeenCalled();
});

it('does not reload for a file outside releases, offline, or when remotes.json cannot be read', async () => {
  const reload = jest.fn();
  await expect(reloadIfRedeployed(chunkError('http://localhost/shell.1234.js'), reload)).resolves.toBe(false);
  await expect(reloadIfRedeployed(new Error('boom'), reload)).resolves.toBe(false);
  expect(fetchMock).not.toHaveBeenCalled();

  const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await expect(reloadIfRedeployed(chunkError(OLD_CHUNK), reload)).resolves.toBe(false);
  onLine.mockRestore();

  fetchMock.mockImplementationOnce(async () => {
    throw new TypeError('Failed to fetch');
  });
  await expect(reloadIfRedeployed(chunkError(OLD_CHUNK), reload)).resolves.toBe(false);
  expect(reload).not.toHaveBeenCalled();
});
