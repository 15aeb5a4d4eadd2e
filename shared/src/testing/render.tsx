import { QueryClientProvider, bus, createQueryClient, followApp } from '@invest/runtime';
import type { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { initI18n } from '../i18n';
import { addTexts, type Texts } from '../i18n/texts';
import { categoriesQuery } from '../appData';
import { seededCategories } from './fixtures';

/** The shared texts and the app's own (`texts`) in the stored language (English unless the test stored another), once per test file. */
export async function setup(...texts: Texts[]): Promise<void> {
  // A rest parameter: Jest hands `beforeAll(setup)` a done callback when the function declares a parameter.
  await initI18n();
  await Promise.all(texts.map(addTexts));
}

/** A client like the page's, without the wait before a retry; each render gets its own, so tests share no cache. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient({ retryDelay: 0 });
  followApp(client);
  const categories = seededCategories();
  if (categories) client.setQueryData(categoriesQuery.queryKey, { categories });
  return client;
}

/** Renders `ui` at `path` inside a router and a fresh query client. */
export function renderAt(path: string, ui: ReactElement, client: QueryClient = testQueryClient()): RenderResult & { client: QueryClient } {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return Object.assign(render(ui, { wrapper }), { client });
}

/** Collects the toasts published while a test runs. */
export function collectToasts(): { messages: string[]; stop: () => void } {
  const messages: string[] = [];
  const sub = bus.on('toast').subscribe((e) => messages.push(e.message));
  return { messages, stop: () => sub.unsubscribe() };
}

/** A promise with its resolve/reject handles. */
export function deferred<T = unknown>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
