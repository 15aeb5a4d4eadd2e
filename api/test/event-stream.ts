/** The user's event stream (GET WALLET_STREAM_PATH) under /api. */
export const USER_STREAM_PATH = '/api/stock/success/v2/wallet/stream';

/**
 * Opens the user's event stream at `base` with `token`; the returned function reads until `event: <event>` comes
 * or `ms` pass, and resolves with everything that came so far.
 */
export async function openEventStream(base: string, token: string, event: string, signal: AbortSignal): Promise<(ms: number) => Promise<string>> {
  const res = await fetch(`${base}${USER_STREAM_PATH}`, { headers: { authorization: `Bearer ${token}` }, signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  return (ms: number) =>
    new Promise<string>((resolve) => {
      const timer = setTimeout(() => resolve(text), ms);
      const pump = (): void => {
        void reader.read().then(
          ({ value, done }) => {
            if (done) return resolve(text);
            text += decoder.decode(value);
            if (text.includes(`event: ${event}`)) {
              clearTimeout(timer);
              resolve(text);
            } else pump();
          },
          () => resolve(text),
        );
      };
      pump();
    });
}
