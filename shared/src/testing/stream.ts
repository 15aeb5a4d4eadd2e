import { WALLET_STREAM_PATH } from '../contract/wallet';
import { API_BASE } from '../api/client';

/**
 * The user's event stream as a page reads it (fetch with a body reader), in front of the contract fake: `push` sends
 * SSE text to every open stream, `opened` counts the connections. Install after `answer(...)`.
 */
export function fakeUserStream() {
  const pushes: ((text: string) => void)[] = [];
  const contract = globalThis.fetch;
  globalThis.fetch = (async (url: string, init: RequestInit = {}) => {
    if (String(url) !== `${API_BASE}${WALLET_STREAM_PATH}`) return contract(url, init);
    let waiting: ((r: { done: boolean; value?: Uint8Array }) => void) | null = null;
    init.signal?.addEventListener('abort', () => waiting?.({ done: true }));
    pushes.push((text) => waiting?.({ done: false, value: new TextEncoder().encode(text) }));
    const reader = { read: () => new Promise((r) => (waiting = r)), cancel: async () => {} };
    return { ok: true, status: 200, body: { getReader: () => reader, cancel: async () => {} } };
  }) as typeof fetch;
  return {
    push: (text: string) => pushes.forEach((p) => p(text)),
    opened: () => pushes.length,
  };
}
