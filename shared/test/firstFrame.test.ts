import { QueryClient } from '@invest/runtime';
import { adoptFirstFrame, FIRST_FRAME, FRAME_GATE_SCRIPT, removeFirstFrame } from '../src/remote/firstFrame';

/** The page as the server composes it (@invest/web's first-frame.ts), with the head's gate run as the browser would. */
function loadPage(state: unknown): void {
  document.documentElement.className = '';
  document.body.innerHTML =
    `<div id="${FIRST_FRAME.id}"><div><h1>Home</h1></div></div>` +
    `<script type="application/json" id="${FIRST_FRAME.stateId}">${JSON.stringify(state)}</script><div id="app-loading"></div>`;
  new Function(FRAME_GATE_SCRIPT)();
}

const hidden = () => document.documentElement.classList.contains(FIRST_FRAME.hiddenClass);
const categories = { categories: [{ category_id: 1, category_code: 'in', category_name: 'India', stocks: [] }] };
const state = { mutations: [], queries: [{ queryKey: ['/stock/category/list'], queryHash: '["/stock/category/list"]', state: { data: categories, status: 'success', dataUpdatedAt: 1, dataUpdateCount: 1, error: null, errorUpdateCount: 0, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, fetchStatus: 'idle' } }] };

afterEach(() => localStorage.clear());

describe('the first frame in the page', () => {
  it('shows to a logged-in visitor in the default language, and to no one else', () => {
    loadPage(state);
    expect(hidden()).toBe(true); // no session: the frame is a logged-in screen
    localStorage.setItem('token', 't');
    loadPage(state);
    expect(hidden()).toBe(false);
    localStorage.setItem('locale', 'en');
    loadPage(state);
    expect(hidden()).toBe(false);
    localStorage.setItem('locale', 'de'); // drawn in English: a German visitor sees the loading screen instead
    loadPage(state);
    expect(hidden()).toBe(true);
  });

  it('starts the query cache with the answers the frame drew from, then goes with them', () => {
    localStorage.setItem('token', 't');
    loadPage(state);
    const client = new QueryClient();
    const before = Date.now();
    adoptFirstFrame(client);
    expect(client.getQueryData(['/stock/category/list'])).toEqual(categories);
    // Fresh from the moment the page took them, however long ago the server drew them.
    expect(client.getQueryState(['/stock/category/list'])!.dataUpdatedAt).toBeGreaterThanOrEqual(before);
    removeFirstFrame();
    expect(document.getElementById(FIRST_FRAME.id)).toBeNull();
    expect(document.getElementById(FIRST_FRAME.stateId)).toBeNull();
    expect(document.getElementById('app-loading')).not.toBeNull(); // the shell's own loading screen is the shell's
  });

  it('takes nothing from a frame that was hidden, or whose answers cannot be read', () => {
    loadPage(state); // logged out
    const client = new QueryClient();
    adoptFirstFrame(client);
    expect(client.getQueryData(['/stock/category/list'])).toBeUndefined();

    localStorage.setItem('token', 't');
    loadPage(state);
    document.getElementById(FIRST_FRAME.stateId)!.textContent = '{not json';
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => adoptFirstFrame(client)).not.toThrow();
    expect(client.getQueryData(['/stock/category/list'])).toBeUndefined();
    error.mockRestore();
  });
});
