/**
 * Where a contract call is sent: the API's base path, the call's path and, for a GET, its input as the query string.
 * The client sends every call here, and the page server names a page's early calls (remote/earlyCalls.ts) here too,
 * so the URL a screen asks for is the one already on its way.
 */
export const API_BASE = '/api';
/** The spec's timeout of every call. */
export const API_TIMEOUT_MS = 10_000;

export function callUrl(def: { method: string; path: string }, input?: unknown): string {
  const url = `${API_BASE}${def.path}`;
  if (def.method !== 'GET' || !input || typeof input !== 'object') return url;
  const params = new URLSearchParams();
  // In name order: the same input is the same URL however it was written (an early call's file, a screen's object).
  for (const [k, v] of Object.entries(input).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  const query = params.toString();
  return query ? `${url}?${query}` : url;
}
