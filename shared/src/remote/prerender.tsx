import { dehydrate, QueryClient, QueryClientProvider } from '@invest/runtime';
import type { DehydratedState, QueryKey } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { I18nextProvider } from '@invest/runtime';
import { matchPath, MemoryRouter, type Params } from 'react-router-dom';
import { i18n } from '../i18n';
import { addTexts, type Texts } from '../i18n/texts';
// The page's tokens and base styles: the frame paints before the shell's style sheets have come.
import '../ui/tokens.css';

/** The server's answer to a contract call, by the call's path, as its route would give it. */
export type Ask = (path: string, input: unknown) => Promise<unknown>;

/**
 * Gets a query's data from the server's answers, by the query options the screens read it with (`callQuery`: its
 * key is the call's path and input), so a frame cannot ask for other data than its screen shows.
 */
export type FetchQuery = (options: { queryKey: readonly unknown[] }) => Promise<unknown>;

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
  /** The routes it draws, as route patterns (`/stock/v2/:code/:name`); a plain path is a pattern too. */
  paths: readonly string[];
  /** Whether it draws `path`. Older prerenders lack it: their `paths` are plain paths. */
  matches?(path: string): boolean;
  /** What `path`'s frame draws from, each query by its key. */
  load(path: string, ask: Ask): Promise<FrameData>;
  render(path: string, data: FrameData): Promise<FirstFrame>;
}

/** A client per page drawn: nothing of one page's answers may reach another's. */
const frameClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

/** What a route's frame draws from: it fetches each query its screen reads, by the route's parameters. */
export type FrameLoader = (fetch: FetchQuery, params: Params) => Promise<unknown>;

/**
 * `Routes` is the remote's AppRoutes (absolute paths, no router of its own), drawn with the remote's `texts`;
 * `loaders` fetches, per prerendered route pattern, the queries its first frame draws from, with the options its
 * screens use.
 */
export function definePrerender(name: string, Routes: ComponentType, texts: Texts, loaders: Readonly<Record<string, FrameLoader>>): Prerender {
  const patterns = Object.keys(loaders);
  const routeOf = (path: string) => {
    for (const pattern of patterns) {
      const match = matchPath(pattern, path);
      if (match) return { loader: loaders[pattern]!, params: match.params };
    }
    return null;
  };
  return {
    name,
    paths: patterns,
    matches: (path) => routeOf(path) !== null,
    async load(path, ask) {
      const route = routeOf(path);
      if (!route) throw new Error(`${name} does not prerender ${path}`);
      const client = frameClient();
      await route.loader(({ queryKey }) => client.fetchQuery({ queryKey, queryFn: () => ask(String(queryKey[0]), queryKey[1]) }), route.params);
      const data = client.getQueryCache().getAll().map((q) => [q.queryKey, q.state.data] as const);
      client.clear();
      return data;
    },
    async render(path, data) {
      await addTexts(texts);
      const client = frameClient();
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
