// A fake API for screen tests: fetch answered by contract path, through the real client (session ends on 401). As
// the API does, it parses inputs with the call's input schema and answers with its output schema's parse (the
// client takes the answer as sent); an answer the schema refuses fails the test.
import { onlineManager } from '@invest/runtime';
import { ApiError, API_BASE } from '../api/client';
import { contractCall } from './contractCalls';

/** Answers one call: the `data` of `{msg:'ok'}`; throw an ApiError for `{msg:'no'}`, any other error for no answer. */
export type Handler = (input: any) => unknown;

let handlers: Record<string, Handler> = {};
let offline = false;
const drifts: string[] = [];

interface Request {
  method: string;
  path: string;
  input: unknown;
}

function requestOf(url: string, init: RequestInit | undefined): Request {
  const u = new URL(url, 'http://test');
  const path = u.pathname.slice(API_BASE.length);
  // A multipart upload's input is its form (the API's own input schema for it is empty).
  const raw = init?.body instanceof FormData ? {} : init?.body ? JSON.parse(String(init.body)) : Object.fromEntries(u.searchParams);
  const method = init?.method ?? 'GET';
  const parsed = contractCall(method, path)?.input.safeParse(raw);
  return { method, path, input: parsed?.success ? parsed.data : raw };
}

const reply = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body });

/** The fetch the tests see; `jest.clearAllMocks()` clears what it recorded. */
export const server = jest.fn(async (url: string, init?: RequestInit) => {
  if (offline) throw new TypeError('Failed to fetch');
  const { method, path, input } = requestOf(url, init);
  const handler = handlers[path];
  if (!handler) return reply(404, { msg: 'no', data: 'notFound' });
  let data: unknown;
  try {
    data = await handler(input);
  } catch (e) {
    // What a refusal carries beside its key (a moved price) goes on the wire beside it, as the API sends it.
    if (e instanceof ApiError) return reply(e.status, { ...e.details, msg: 'no', data: e.key });
    throw new TypeError('Failed to fetch');
  }
  const checked = contractCall(method, path)?.output.safeParse(data);
  if (checked && !checked.success) drifts.push(`${path}: ${checked.error.message}`);
  return reply(200, { msg: 'ok', data: checked?.success ? checked.data : data });
});

/** Answers each call by its contract path; a path without a handler answers 404 notFound. */
export function answer(next: Record<string, Handler>): jest.Mock {
  handlers = next;
  globalThis.fetch = server as unknown as typeof fetch;
  return server;
}

/** The inputs every call of `path` was made with, parsed as the API parses them. */
export const inputsOf = (path: string): any[] =>
  server.mock.calls.map(([url, init]) => requestOf(url, init)).filter((r) => r.path === path).map((r) => r.input);

/** The network goes away (every request fails, the browser says offline) until `goOnline`. */
export function goOffline(): void {
  offline = true;
  onlineManager.setOnline(false);
}
export function goOnline(): void {
  offline = false;
  onlineManager.setOnline(true);
}

// A fixture that no longer matches the contract fails the test that used it, with the reason.
afterEach(() => {
  goOnline();
  const found = drifts.splice(0);
  if (found.length) throw new Error(`test answers drift from the contract:\n${found.join('\n')}`);
});

/**
 * For failed-load-then-Retry tests: a handler that answers 500 until `recover()`, then `ok()`. The query warns
 * about the failure on the console; that is silenced for the test.
 */
export function failsUntilRecovered<T>(ok: () => T) {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  let fail = true;
  return {
    handler: (): T => {
      if (fail) throw new ApiError(500, 'serverError');
      return ok();
    },
    recover: () => {
      fail = false;
    },
  };
}
