import { z } from 'zod';
import { session } from '@invest/runtime';
import { call } from '../src/api/client';
import { defineCall } from '../src/contract/envelope';
import { EARLY_CALLS, EARLY_CALLS_SCRIPT } from '../src/remote/earlyCalls';

const positions = defineCall({ method: 'GET', path: '/positions', auth: 'user', input: z.object({ type: z.string(), page: z.number() }), output: z.object({ n: z.number() }) });
const URL_OF_PAGE_1 = '/api/positions?page=1&type=stock';

const answer = (n: number) => ({ ok: true, status: 200, json: async () => ({ msg: 'ok', data: { n } }) });

/** The page as the server composes it for a route with early calls, its head script run as the browser would. */
function loadPage(urls: string[]): void {
  delete (window as unknown as Record<string, unknown>)[EARLY_CALLS.global];
  document.head.innerHTML = `<script type="application/json" id="${EARLY_CALLS.dataId}">${JSON.stringify(urls)}</script>`;
  new Function(EARLY_CALLS_SCRIPT)();
}

beforeEach(() => localStorage.clear());

describe("a route's early calls", () => {
  it('start as the page arrives, with the stored token, and the screen’s call takes the answer instead of asking again', async () => {
    session.start('tok1', { id: 1, user: '9876543210', login: true }, null);
    const fetchMock = jest.fn().mockResolvedValueOnce(answer(1)).mockResolvedValueOnce(answer(2));
    global.fetch = fetchMock;
    loadPage([URL_OF_PAGE_1]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(URL_OF_PAGE_1);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok1');

    // The same input written in another order is the same URL.
    await expect(call(positions, { type: 'stock', page: 1 })).resolves.toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Taken once: the next read (a poll) asks the server.
    await expect(call(positions, { type: 'stock', page: 1 })).resolves.toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('start nothing without a session, and an answer asked with another session is not taken', async () => {
    const fetchMock = jest.fn().mockResolvedValue(answer(1));
    global.fetch = fetchMock;
    loadPage([URL_OF_PAGE_1]);
    expect(fetchMock).not.toHaveBeenCalled();

    session.start('tok1', { id: 1, user: '9876543210', login: true }, null);
    loadPage([URL_OF_PAGE_1]);
    session.start('tok2', { id: 2, user: '9876543211', login: true }, null);
    fetchMock.mockResolvedValue(answer(7));
    await expect(call(positions, { type: 'stock', page: 1 })).resolves.toEqual({ n: 7 });
    expect((fetchMock.mock.calls[1]![1] as RequestInit).headers).toMatchObject({ Authorization: 'Bearer tok2' });
  });

  it('a call whose early answer failed to arrive asks again itself; one older than its patience is not taken', async () => {
    session.start('tok1', { id: 1, user: '9876543210', login: true }, null);
    const fetchMock = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(answer(3));
    global.fetch = fetchMock;
    loadPage([URL_OF_PAGE_1]);
    await expect(call(positions, { type: 'stock', page: 1 })).resolves.toEqual({ n: 3 });
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockReset().mockResolvedValueOnce(answer(4)).mockResolvedValue(answer(5));
    loadPage([URL_OF_PAGE_1]);
    (window as unknown as Record<string, { at: number }>)[EARLY_CALLS.global]!.at -= 60_000;
    await expect(call(positions, { type: 'stock', page: 1 })).resolves.toEqual({ n: 5 });
  });
});
