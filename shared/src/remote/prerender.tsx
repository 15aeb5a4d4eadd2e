import { dehydrate, QueryClient, QueryClientProvider, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { i18n, initI18n } from '../i18n';
// The page's tokens and base styles: the frame paints before the shell's style sheets have come.
import '../ui/tokens.css';

/** The server's answer to a contract call (by name in `calls`), as the call's route would give it. */
export type Ask = (callName: string, input?: unknown) => Promise<unknown>;

/** The queries a path's frame draws from, each by its key with its data, got through `ask`. */
export type FrameData = readonly (readonly [QueryKey, unknown])[];

/** A path's first frame: its HTML, and the queries it drew from, for the page's client to start with. */
export interface FirstFrame {
  html: string;
  state: DehydratedState;
}

/**
 * A remote's prerendered first frames (its `src/prerender.tsx`, built for Node beside its browser build): for each
 * path, what its routes draw before the page's JavaScript has run, in the default language, from answers the server
 * gives it (data every user sees alike: the market categories and prices; nothing personal). The web server puts the
 * frame in the page at that path, so a phone paints the screen with the HTML (issue 9); the shell starts its query
 * cache with the same answers, and the remote takes the frame away as it draws the same screen under it.
 */
export interface Prerender {
  /** Container name (apps.json). */
  name: string;
  paths: readonly string[];
  /** What `path`'s frame draws from. */
  load(path: string, ask: Ask): Promise<FrameData>;
  render(path: string, data: FrameData): Promise<FirstFrame>;
}

/**
 * `Routes` is the remote's AppRoutes (absolute paths, no router of its own); `loaders` gets, per prerendered path,
 * the queries its first frame draws from (with the keys the screens read them by).
 */
export function definePrerender(name: string, Routes: ComponentType, loaders: Readonly<Record<string, (ask: Ask) => Promise<FrameData>>>): Prerender {
  return {
    name,
    paths: Object.keys(loaders),
    async load(path, ask) {
      const loader = loaders[path];
      if (!loader) throw new Error(`${name} does not prerender ${path}`);
      return loader(ask);
    },
    async render(path, data) {
      await initI18n();
      // A client per render: nothing of one page's answers may reach another's.
      const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
      for (const [key, value] of data) client.setQueryData(key, value);
      // prerender (not renderToString) waits for lazy screens: a path draws its screen, not the Suspense fallback.
      const { prelude } = await prerenderToNodeStream(
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={client}>
            <MemoryRouter initialEntries={[path]}>
              <Routes />
            </MemoryRouter>
          </QueryClientProvider>
        </I18nextProvider>,
      );
      let html = '';
      for await (const chunk of prelude) html += String(chunk);
      const state = dehydrate(client);
      client.clear();
      return { html, state };
    },
  };
}
