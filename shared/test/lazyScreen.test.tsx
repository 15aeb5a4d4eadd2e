import { Suspense, type ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '../src/i18n';
import { RemoteBoundary } from '../src/remote/RemoteBoundary';
import { lazyScreen } from '../src/remote/lazyScreen';
import { ScreenFallback } from '../src/ui/ScreenFallback';

beforeAll(() => initI18n());

/** A lazy screen where a remote renders it: inside the remote's boundary and its Suspense. */
const renderInRemote = (screenElement: ReactNode) =>
  render(
    <RemoteBoundary name="mf-test">
      <Suspense fallback={<p>Loading</p>}>{screenElement}</Suspense>
    </RemoteBoundary>,
  );

it('loads a screen when it first renders, and again when the user retries after its chunk failed to load', async () => {
  let online = false;
  const load = jest.fn(async () => {
    if (!online) throw new Error('ChunkLoadError: offline');
    return { Orders: () => <p>Orders screen</p> };
  });
  const Orders = lazyScreen(load, 'Orders');
  expect(load).not.toHaveBeenCalled();
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
  renderInRemote(<Orders />);
  const retry = await screen.findByRole('button', { name: 'Retry' });
  expect(load).toHaveBeenCalled();
  // Until the user retries, the failed chunk is not asked for again and again.
  const calls = load.mock.calls.length;
  await act(() => new Promise((r) => setTimeout(r, 50)));
  expect(load).toHaveBeenCalledTimes(calls);
  online = true;
  fireEvent.click(retry);
  expect(await screen.findByText('Orders screen')).toBeTruthy();
  quiet.mockRestore();
});

it('brings the screen back by itself when the connection returns', async () => {
  let online = false;
  const News = lazyScreen(async () => {
    if (!online) throw new Error('ChunkLoadError: offline');
    return { News: () => <p>News screen</p> };
  }, 'News');
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
  renderInRemote(<News />);
  await screen.findByRole('button', { name: 'Retry' });
  // The failed screen can be left: its bar's back arrow is there. Nothing in the bar says it is still loading.
  expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  expect(document.querySelector('header span[aria-hidden="true"]')).toBeNull();
  online = true;
  act(() => void window.dispatchEvent(new Event('online')));
  expect(await screen.findByText('News screen')).toBeTruthy();
  quiet.mockRestore();
});

it('while a screen downloads, its bar is there with a back arrow that works', async () => {
  window.history.replaceState(null, '', '/news');
  const News = lazyScreen(() => new Promise<never>(() => {}), 'News');
  render(
    <Suspense fallback={<ScreenFallback />}>
      <News />
    </Suspense>,
  );
  expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
  // The bar holds a placeholder where the title will be.
  expect(document.querySelector('header span[aria-hidden="true"]')).not.toBeNull();
  // The screen's own heading is the page's first: a placeholder has none.
  expect(screen.queryByRole('heading')).toBeNull();
  // Opened on this page (no earlier page of the app): back leads home, never out of the app.
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  expect(window.location.pathname).toBe('/');
});

it('brings back a screen that failed offline when it is drawn again online, though its app was away when the connection returned', async () => {
  const onLine = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const load = jest.fn(async () => {
    if (!navigator.onLine) throw new Error('ChunkLoadError: offline');
    return { Loans: () => <p>Loans screen</p> };
  });
  const Loans = lazyScreen(load, 'Loans');
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
  const first = renderInRemote(<Loans />);
  await screen.findByRole('button', { name: 'Retry' });
  first.unmount();
  // Back online while another app had the screen: this app heard no 'online' event.
  onLine.mockReturnValue(true);
  renderInRemote(<Loans />);
  expect(await screen.findByText('Loans screen')).toBeTruthy();
  quiet.mockRestore();
  onLine.mockRestore();
});

it('keeps a failure to the screen it happened on: another route of the app draws afresh', async () => {
  window.history.replaceState(null, '', '/loan');
  function Routes() {
    if (window.location.pathname === '/loan') throw new Error('render failed');
    return <p>Records screen</p>;
  }
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
  renderInRemote(<Routes />);
  await screen.findByRole('button', { name: 'Retry' });
  act(() => {
    window.history.pushState(null, '', '/loan-records');
    window.dispatchEvent(new Event('popstate'));
  });
  expect(await screen.findByText('Records screen')).toBeTruthy();
  quiet.mockRestore();
});
