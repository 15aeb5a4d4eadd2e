import type { CallInput, CallOutput, Endpoint } from '../contract/route';
import { isErrorKey, type ErrorKey } from '../contract/errors';
import { session } from '@invest/runtime';
import { takeEarlyAnswer } from '../remote/earlyCalls';
import { API_TIMEOUT_MS, callUrl } from './url';

export { API_BASE, API_TIMEOUT_MS } from './url';

/**
 * A rejected call: its HTTP status (0: no response) and its error key (translate with t(`hint.${key}`)), in the
 * order the API's own ApiError takes them.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKey | string,
    /** What a rejection carries beside `msg` and `data` (a moved price's `price`, say); empty otherwise. */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(`api: ${key} (${status})`);
    this.name = 'ApiError';
  }
}

async function readBody(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

/** Per-request extras of a call. */
export interface CallOptions {
  /** Sent as `Idempotency-Key`: the server books a request once per key (money calls require one). */
  idempotencyKey?: string;
  /** A multipart body instead of the JSON input (the upload call); the browser sets its content type and boundary. */
  form?: FormData;
  /**
   * The token to send instead of the session's: a login that asks who it is before it keeps the session (the
   * operators' console). A 401 to it ends no session.
   */
  token?: string;
}

/**
 * Calls one contract call: base /api, JSON, 10 s timeout, bearer token from the session.
 * Resolves with `data` of `{msg:'ok'}`; rejects with ApiError otherwise. The data is not parsed again here: the server
 * parses every answer with the call's output schema before sending it (api/src/http/route.ts), and re-checking it
 * in the browser would cost every page zod and its schemas at start.
 * A 401, or a 400 with msg 'logout', on a call that carried the session's token ends the session (the shell then shows login).
 */
export async function call<C extends Endpoint>(def: C, input?: CallInput<C>, options: CallOptions = {}): Promise<CallOutput<C>> {
  const sessionToken = options.token === undefined;
  const token = options.token ?? session.token();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  const isGet = def.method === 'GET';
  // Spec §7: a multipart upload drops the explicit content type.
  if (!isGet && !options.form) headers['Content-Type'] = 'application/json';

  const url = callUrl(def, input);
  let res: Response;
  try {
    // A GET the page started before the app's code came (the route's early calls) is answered by that request.
    const early = isGet && token && sessionToken ? await takeEarlyAnswer(url, token) : null;
    res =
      early ??
      (await fetch(url, {
        method: def.method,
        headers,
        body: isGet ? undefined : (options.form ?? JSON.stringify(input ?? {})),
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      }));
  } catch (e) {
    throw new ApiError(0, e instanceof DOMException && e.name === 'TimeoutError' ? 'timeout' : 'network');
  }

  const body = (await readBody(res)) as { msg?: unknown; data?: unknown } | null;
  if (token && (res.status === 401 || (res.status === 400 && body?.msg === 'logout'))) {
    if (sessionToken) session.end('expired');
    throw new ApiError(res.status, 'unauthorized');
  }
  if (res.ok && body?.msg === 'ok') {
    if (body.data === undefined) throw new ApiError(res.status, 'badResponse');
    return body.data as CallOutput<C>;
  }
  const key = typeof body?.data === 'string' && body.data ? body.data : res.status >= 500 ? 'serverError' : 'badResponse';
  const { msg: _msg, data: _data, ...details } = body ?? {};
  throw new ApiError(res.status, key, details);
}

/** The translation key for any error a call can throw. */
export function errorKeyOf(e: unknown): string {
  if (e instanceof ApiError) return isErrorKey(e.key) ? e.key : String(e.key);
  return 'serverError';
}
