// Screen-test helpers every remote uses: the API answered by contract path, English texts, a router, toasts.
// Each test file mocks the package itself (jest.mock is hoisted per file):
//   jest.mock('@invest/shared', () => ({ ...jest.requireActual('@invest/shared'), call: jest.fn() }));
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, bus, call, initI18n, type CallDef } from '@invest/shared';

export type Handler = (input: any) => unknown;

/** Answers each call by its contract path; a path without a handler rejects like a 404. */
export function answer(handlers: Record<string, Handler>): jest.Mock {
  const mock = call as unknown as jest.Mock;
  mock.mockImplementation(async (def: CallDef, input: unknown) => {
    const h = handlers[def.path];
    if (!h) throw new ApiError('notFound', 404);
    return h(input);
  });
  return mock;
}

/** The inputs every call of `path` was made with. */
export const inputsOf = (path: string): any[] =>
  (call as unknown as jest.Mock).mock.calls.filter(([def]) => (def as CallDef).path === path).map(([, input]) => input);

export async function setup(): Promise<void> {
  await initI18n();
}

export function renderAt(path: string, ui: ReactElement): RenderResult {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
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
