/**
 * The page registers the offline worker once it has loaded, and on a first visit hands it the files it fetched before
 * the worker existed: to the worker as it installs (which waits for them, so their code is cached with them), and
 * what it fetched meanwhile once the worker is active. A page the worker already controls hands over nothing.
 */
import { registerServiceWorker } from '../src/offline/register';

type Posted = jest.Mock<void, [string[]]>;

function fakeWorkers({ controlled, firstInstall, blocked = false }: { controlled: boolean; firstInstall: boolean; blocked?: boolean }) {
  const installing = { postMessage: jest.fn() as Posted };
  const active = { postMessage: jest.fn() as Posted };
  let activate!: () => void;
  const ready = new Promise<{ active: typeof active }>((resolve) => (activate = () => resolve({ active })));
  /** The worker becomes active, and the page has done what it does then. */
  const activated = async () => {
    activate();
    await jest.runAllTimersAsync();
  };
  const register = jest.fn(async () => (blocked ? undefined : { installing: firstInstall ? installing : null }));
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: controlled ? {} : null, register, ready } });
  return { installing, active, register, activated };
}

let fetched: string[];
beforeEach(() => {
  jest.useFakeTimers();
  fetched = ['/main.1a2b3c4d.js', '/remotes/markets/0.1.0-4d1e7a2c/remoteEntry.js'];
  // What the page fetched, as its resource timing lists it (jsdom keeps none).
  Object.defineProperty(performance, 'getEntriesByType', { configurable: true, value: () => fetched.map((name) => ({ name })) });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** The page registers the worker, loads, and reaches the idle moment the registration waits for. */
async function registeredOnLoad(): Promise<void> {
  registerServiceWorker();
  dispatchEvent(new Event('load'));
  await jest.runAllTimersAsync();
}

it('a first visit hands its files to the worker as it installs, then what it fetched meanwhile once active', async () => {
  const workers = fakeWorkers({ controlled: false, firstInstall: true });
  await registeredOnLoad();
  expect(workers.register).toHaveBeenCalledWith('/sw.js');
  expect(workers.installing.postMessage).toHaveBeenCalledWith(['/main.1a2b3c4d.js', '/remotes/markets/0.1.0-4d1e7a2c/remoteEntry.js']);

  // A tab opened while the worker installed.
  fetched.push('/remotes/trading/0.1.0-10112bff/remoteEntry.js');
  await workers.activated();
  expect(workers.active.postMessage).toHaveBeenCalledTimes(1);
  expect(workers.active.postMessage).toHaveBeenCalledWith(['/remotes/trading/0.1.0-10112bff/remoteEntry.js']);
});

it('a page the registered worker does not control (a reload that bypassed it) hands its files to the active one', async () => {
  const workers = fakeWorkers({ controlled: false, firstInstall: false });
  await registeredOnLoad();
  await workers.activated();
  expect(workers.active.postMessage).toHaveBeenCalledWith(['/main.1a2b3c4d.js', '/remotes/markets/0.1.0-4d1e7a2c/remoteEntry.js']);
});

it('a page the worker controls hands over nothing: the worker saw its fetches', async () => {
  const workers = fakeWorkers({ controlled: true, firstInstall: false });
  await registeredOnLoad();
  await workers.activated();
  expect(workers.register).toHaveBeenCalled();
  expect(workers.installing.postMessage).not.toHaveBeenCalled();
  expect(workers.active.postMessage).not.toHaveBeenCalled();
});

it('a browser that blocks workers and answers with no registration: the page goes on, nothing thrown', async () => {
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  const workers = fakeWorkers({ controlled: false, firstInstall: false, blocked: true });
  await registeredOnLoad();
  expect(workers.register).toHaveBeenCalled();
  expect(workers.installing.postMessage).not.toHaveBeenCalled();
  await jest.runAllTimersAsync();
  process.off('unhandledRejection', unhandled);
  expect(unhandled).not.toHaveBeenCalled();
});
