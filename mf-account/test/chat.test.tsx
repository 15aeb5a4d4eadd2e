import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, calls, session, type ChatMessage } from '@invest/shared';
import { AppRoutes } from '../src/App';
import { answer, collectToasts, fakeUserStream, goOffline, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { texts as accountTexts } from '../src/i18n';

const LIST = calls.chatMessages.path;
const SEND = calls.chatSend.path;
const READ = calls.chatRead.path;

const at = (daysAgo: number, hh: number, mm: number) => {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  d.setHours(hh, mm, 0, 0);
  return d.toISOString();
};
const msg = (id: number, from: 'user' | 'agent', text: string, created_at = at(0, 9, 30), read = from === 'user'): ChatMessage => ({ id, from, text, created_at, read });

let rows: ChatMessage[] = [];
let stream: ReturnType<typeof fakeUserStream>;

beforeAll(() => setup(accountTexts));
beforeEach(() => {
  rows = [];
  session.start('tok', { id: 3, user: '9876543210', login: true }, null);
  answer({
    [LIST]: () => ({ rows, more: false }),
    [SEND]: ({ message }: { message: string }) => {
      const m = msg(100 + rows.length, 'user', message);
      rows = [...rows, m];
      return m;
    },
    [READ]: () => ({ unread_count: 0 }),
    '/v2/config': () => [{ tag: 'currency', value: 'INR' }],
  });
  stream = fakeUserStream();
});
afterEach(() => {
  jest.clearAllMocks();
  session.end('user');
});

const log = () => screen.getByTestId('chat-log');
const texts = () => screen.queryAllByTestId('chat-text').map((e) => e.textContent);

it('shows the conversation by day, the user on one side and the agents on the other, with times', async () => {
  rows = [msg(1, 'user', 'Hello', at(3, 8, 5)), msg(2, 'agent', 'Hi, how can I help?', at(1, 17, 40), true), msg(3, 'user', 'My deposit', at(0, 9, 30))];
  renderAt('/customer-service', <AppRoutes />);
  await waitFor(() => expect(texts()).toEqual(['Hello', 'Hi, how can I help?', 'My deposit']));
  const days = screen.getAllByTestId('chat-day').map((e) => e.textContent);
  expect(days).toHaveLength(3);
  expect(days.slice(1)).toEqual(['Yesterday', 'Today']);
  expect(days[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  const [first, second] = screen.getAllByTestId('chat-message');
  expect(first!.dataset.from).toBe('user');
  expect(within(first!).getByText('You')).toBeTruthy();
  expect(within(second!).getByText('Customer service')).toBeTruthy();
  expect(within(first!).getByText('08:05')).toBeTruthy();
});

it('shows markup as the characters typed: nothing is parsed, nothing runs', async () => {
  const payload = '<img src=x onerror="window.__pwned=1"><b>bold</b><script>window.__pwned=2</script>';
  rows = [msg(1, 'agent', payload, undefined, true)];
  renderAt('/customer-service', <AppRoutes />);
  await waitFor(() => expect(texts()).toEqual([payload]));
  expect(log().querySelector('img, b, script')).toBeNull();
  expect((window as { __pwned?: number }).__pwned).toBeUndefined();
});

it('sends the trimmed text, shows it and empties the box; empty or too long cannot be sent', async () => {
  renderAt('/customer-service', <AppRoutes />);
  await screen.findByTestId('chat-empty');
  const input = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
  expect(send.disabled).toBe(true);
  fireEvent.change(input, { target: { value: '   \n ' } });
  expect(send.disabled).toBe(true);

  fireEvent.change(input, { target: { value: 'x'.repeat(1001) } });
  expect(screen.getByRole('alert').textContent).toBe('A message can have at most 1000 characters');
  expect(send.disabled).toBe(true);
  fireEvent.change(input, { target: { value: 'x'.repeat(950) } });
  expect(screen.getByTestId('chat-counter').textContent).toBe('50 characters left');

  fireEvent.change(input, { target: { value: '  Where is my deposit?\n ' } });
  fireEvent.click(send);
  await waitFor(() => expect(texts()).toEqual(['Where is my deposit?']));
  expect(inputsOf(SEND)).toEqual([{ message: 'Where is my deposit?' }]);
  expect(input.value).toBe('');
});

it('a refused message keeps its text and says why', async () => {
  const toasts = collectToasts();
  renderAt('/customer-service', <AppRoutes />);
  await screen.findByTestId('chat-empty');
  answer({
    [LIST]: () => ({ rows, more: false }),
    [SEND]: () => {
      throw new ApiError(429, 'tooManyRequests');
    },
    '/v2/config': () => [{ tag: 'currency', value: 'INR' }],
  });
  const input = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  fireEvent.change(input, { target: { value: 'spam' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(toasts.messages).toEqual(['Too many attempts. Please wait a few minutes and try again.']));
  expect(input.value).toBe('spam');
  toasts.stop();
});

it("an agent's reply pushed on the user's stream shows at once and is marked read", async () => {
  rows = [msg(1, 'user', 'Anyone?')];
  renderAt('/customer-service', <AppRoutes />);
  await waitFor(() => expect(texts()).toEqual(['Anyone?']));
  await waitFor(() => expect(stream.opened()).toBe(1));
  expect(inputsOf(READ)).toEqual([]);

  rows = [...rows, msg(7, 'agent', 'Yes, here to help', undefined, false)];
  await act(async () => stream.push('event: chat\ndata: {}\n\n'));
  await waitFor(() => expect(texts()).toEqual(['Anyone?', 'Yes, here to help']));
  await waitFor(() => expect(inputsOf(READ)).toEqual([{ last_id: 7 }]));
});

it('marks what it shows as read when it opens, up to the newest agent message', async () => {
  rows = [msg(1, 'agent', 'one', undefined, false), msg(2, 'user', 'two'), msg(3, 'agent', 'three', undefined, false)];
  renderAt('/customer-service', <AppRoutes />);
  await waitFor(() => expect(inputsOf(READ)).toEqual([{ last_id: 3 }]));
});

it('offline, it says the message cannot go and keeps send disabled', async () => {
  rows = [msg(1, 'user', 'Hello')];
  renderAt('/customer-service', <AppRoutes />);
  await waitFor(() => expect(texts()).toEqual(['Hello']));
  act(() => goOffline());
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'still there?' } });
  expect(screen.getByTestId('offline-note')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  expect(texts()).toEqual(['Hello']);
});

it('a failed load offers a retry that loads the conversation', async () => {
  let fail = true;
  answer({
    [LIST]: () => {
      if (fail) throw new ApiError(500, 'serverError');
      return { rows: [msg(1, 'user', 'Hello')], more: false };
    },
    '/v2/config': () => [{ tag: 'currency', value: 'INR' }],
  });
  renderAt('/customer-service', <AppRoutes />);
  const retry = await screen.findByRole('button', { name: /try again|retry/i }, { timeout: 5000 });
  expect(screen.getByText('Failed to load messages')).toBeTruthy();
  fail = false;
  fireEvent.click(retry);
  await waitFor(() => expect(texts()).toEqual(['Hello']));
});
