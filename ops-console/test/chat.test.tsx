import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '@invest/shared';
import { answer, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';
import { OPS_SESSION_PREFIX } from '../src/session';
import { CONFIG, me, userRow } from './fixtures';

session.keepUnder(OPS_SESSION_PREFIX);
// A page's first draw on a busy machine (the whole suite at once) can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => setup(texts));
beforeEach(() => session.start('op-token', { id: 1, user: 'ops', login: true }, null));
afterEach(() => jest.clearAllMocks());

const conversation = (user: string, no: string, unread: number, last_text: string) => ({ user, no, unread, last_text, last_from: 'user' as const, last_at: '2026-03-04T05:06:07.000Z' });

it('lists the conversations, shows one with the user’s account at a glance, and sends a reply that joins the thread', async () => {
  let thread: { id: number; text: string; from: 'user' | 'agent'; created_at: string; read: boolean }[] = [
    { id: 1, text: 'Where is my deposit?', from: 'user', created_at: '2026-03-04T05:06:07.000Z', read: false },
  ];
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('support'),
    '/ops/chats': () => ({ rows: [conversation('9876543210', '10000301', 1, 'Where is my deposit?'), conversation('9876500000', '10000302', 0, 'Thanks')], count: 2 }),
    '/ops/chats/9876543210/messages': (input) => {
      if (input && 'text' in (input as object)) {
        const sent = { id: 2, text: (input as { text: string }).text, from: 'agent' as const, created_at: '2026-03-04T05:07:00.000Z', read: false };
        thread = [...thread, sent];
        return sent;
      }
      return { rows: thread, more: false };
    },
    '/ops/users': () => ({ rows: [userRow(7, { user: '9876543210', no: '10000301' })], count: 1 }),
  });
  renderAt('/ops/chat', <AppRoutes />);
  await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(2));
  const [first] = screen.getAllByTestId('queue-row');
  expect(within(first!).getByText('Where is my deposit?')).toBeTruthy();
  fireEvent.click(first!);
  expect(screen.getByRole('heading', { name: 'Chat with 9876543210' })).toBeTruthy();
  const messages = await screen.findByRole('list', { name: 'Messages' });
  await waitFor(() => expect(within(messages).getByText('Where is my deposit?')).toBeTruthy());
  await waitFor(() => expect(screen.getByText('₹7,500.00')).toBeTruthy());
  expect(inputsOf('/ops/users')[0]).toMatchObject({ q: '9876543210' });

  fireEvent.change(screen.getByLabelText('Reply'), { target: { value: 'It is credited now.' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
  await waitFor(() => expect(within(messages).getByText('It is credited now.')).toBeTruthy());
  expect((screen.getByLabelText('Reply') as HTMLInputElement).value).toBe('');
});

it('shows the inbox to support and not to finance', async () => {
  answer({ '/v2/config': () => CONFIG, '/ops/me': () => me('finance'), '/ops/recharges': () => ({ rows: [], count: 0 }) });
  renderAt('/ops/chat', <AppRoutes />);
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Deposits', level: 1 })).toBeTruthy());
  expect(screen.queryByRole('link', { name: 'Customer chat' })).toBeNull();
});
