import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { initI18n } from '@invest/shared';
import { forgetRemote, loadExposed, preloadExposed } from '../src/federation';
import { loadRegistry, preloadRoute } from '../src/registry';
import { loadLifecycles } from '../src/remotes';

jest.mock('../src/federation', () => ({ loadExposed: jest.fn(), preloadExposed: jest.fn(), forgetRemote: jest.fn() }));

/** single-spa allows arrays of lifecycle functions; the shell's loader always returns single ones. */
const run = (fn: unknown, p: unknown) => (fn as (p: unknown) => Promise<unknown>)(p);
const props = () => ({ domElement: document.body.appendChild(document.createElement('div')), name: 'mf-wallet' }) as never;

beforeAll(async () => {
  await initI18n();
  global.fetch = jest.fn().mockResolvedValue({ ok: true, json: async () => ({ mf_wallet: '/remotes/wallet/mf-manifest.json' }) });
  await loadRegistry();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
beforeEach(() => {
  document.body.innerHTML = '';
  (forgetRemote as jest.Mock).mockClear();
});

it('a remote that fails to load shows the retry panel, and retry forgets it and asks for a reload', async () => {
  (loadExposed as jest.Mock).mockRejectedValueOnce(new Error('HTTP 500'));
  const onRetry = jest.fn();
  const lc = await loadLifecycles('mf-wallet', onRetry);
  await act(async () => void (await run(lc.mount, props())));
  expect(screen.getByText('This section could not load')).toBeTruthy();
  // The panel has a bar whose back arrow leaves the broken section.
  expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(onRetry).toHaveBeenCalledTimes(1));
  expect(forgetRemote).toHaveBeenCalledWith('mf_wallet');
});

describe('a remote that failed to load offline', () => {
  let onLine: jest.SpyInstance;
  beforeEach(() => (onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)));
  afterEach(() => onLine.mockRestore());

  it('loads again by itself when the connection returns', async () => {
    (loadExposed as jest.Mock).mockRejectedValueOnce(new Error('Failed to get manifest'));
    const onRetry = jest.fn();
    const lc = await loadLifecycles('mf-wallet', onRetry);
    await act(async () => void (await run(lc.mount, props())));
    expect(screen.getByTestId('retry-panel')).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(onRetry).toHaveBeenCalledTimes(1));
  });

  it('loads again when one of its routes opens after the connection came back', async () => {
    (loadExposed as jest.Mock).mockRejectedValueOnce(new Error('Failed to get manifest'));
    const onRetry = jest.fn();
    const lc = await loadLifecycles('mf-wallet', onRetry);
    // The user went elsewhere; the connection came back meanwhile; now a sibling route of the failed remote opens.
    onLine.mockReturnValue(true);
    await act(async () => void (await run(lc.mount, props())));
    await waitFor(() => expect(onRetry).toHaveBeenCalledTimes(1));
  });

  it('that fails again online waits for a tap: no loop of reloads', async () => {
    onLine.mockReturnValue(true);
    (loadExposed as jest.Mock).mockRejectedValueOnce(new Error('HTTP 500'));
    const onRetry = jest.fn();
    const lc = await loadLifecycles('mf-wallet', onRetry);
    await act(async () => void (await run(lc.mount, props())));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(onRetry).not.toHaveBeenCalled();
  });
});

it('a remote that throws on mount is unmounted and replaced by the retry panel', async () => {
  const unmount = jest.fn().mockResolvedValue(undefined);
  (loadExposed as jest.Mock).mockResolvedValueOnce({
    bootstrap: jest.fn().mockResolvedValue(undefined),
    mount: jest.fn().mockRejectedValue(new Error('boom')),
    unmount,
  });
  const lc = await loadLifecycles('mf-wallet', jest.fn());
  const p = props();
  await act(async () => void (await run(lc.mount, p)));
  expect(unmount).toHaveBeenCalledTimes(1);
  expect(screen.getByTestId('retry-panel')).toBeTruthy();
  await act(async () => void (await run(lc.unmount, p)));
  expect(screen.queryByTestId('retry-panel')).toBeNull();
  expect(unmount).toHaveBeenCalledTimes(1);
});

it('a remote missing from remotes.json is a load failure too', async () => {
  const lc = await loadLifecycles('mf-products', jest.fn());
  await act(async () => void (await run(lc.mount, props())));
  expect(screen.getByTestId('retry-panel')).toBeTruthy();
  expect(loadExposed).not.toHaveBeenCalledWith('mf_products', expect.anything(), expect.anything());
});

it('pressing a nav tab preloads its app once; a failed preload is forgotten and tried again on the next press', async () => {
  const preload = preloadExposed as jest.Mock;
  preload.mockRejectedValueOnce(new Error('offline'));
  preloadRoute('/account/changes');
  expect(preload).toHaveBeenCalledWith('mf_wallet', '/remotes/wallet/mf-manifest.json', './lifecycles');
  await act(async () => undefined);
  expect(forgetRemote).toHaveBeenCalledWith('mf_wallet');
  preload.mockResolvedValue(undefined);
  preloadRoute('/account/changes');
  preloadRoute('/recharge');
  expect(preload).toHaveBeenCalledTimes(2);
  // The shell's own screens and apps missing from remotes.json fetch nothing.
  preloadRoute('/login');
  preloadRoute('/trade');
  expect(preload).toHaveBeenCalledTimes(2);
});
