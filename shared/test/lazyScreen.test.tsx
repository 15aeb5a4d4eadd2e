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
