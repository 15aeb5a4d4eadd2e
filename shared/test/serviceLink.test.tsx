import { act, screen, waitFor } from '@testing-library/react';
import { calls } from '../src/contract';
import { session } from '@invest/runtime';
import { answer, inputsOf, renderAt, setup } from '../src/testing';
import { ServiceLink } from '../src/ui/ServiceLink';

const UNREAD = calls.chatUnreadCount.path;
let unread = 3;
let mode: string | null = '1';
let link = '/customer-service';

beforeAll(setup);
beforeEach(() => {
  unread = 3;
  mode = '1';
  link = '/customer-service';
  session.start('tok', { id: 3, user: '9876543210', login: true }, null);
  answer({
    '/v2/config': () => [{ tag: 'currency', value: 'INR' }, ...(mode === null ? [] : [{ tag: 'customer_service_mode', value: mode }])],
    [UNREAD]: () => ({ unread_count: unread }),
    [calls.kefu.path]: () => link,
  });
});
afterEach(() => {
  jest.clearAllMocks();
  session.end('user');
});

it('counts the unread agent messages on the icon and in its name', async () => {
  renderAt('/', <ServiceLink />);
  const icon = await screen.findByRole('link', { name: 'Customer service, 3 unread' });
  expect(screen.getByTestId('unread-badge').textContent).toBe('3');
  expect(icon.getAttribute('href')).toBe('/customer-service');
  expect(icon.getAttribute('target')).toBeNull();
});

it('a second icon that appears between two polls shows the count without asking again', async () => {
  const { client } = renderAt('/', <ServiceLink />);
  await screen.findByRole('link', { name: 'Customer service, 3 unread' });
  renderAt('/', <ServiceLink />, client);
  expect(await screen.findAllByRole('link', { name: 'Customer service, 3 unread' })).toHaveLength(2);
  expect(inputsOf(UNREAD)).toHaveLength(1);
});

it('shows 99+ past 99, and nothing at 0', async () => {
  unread = 120;
  const { unmount } = renderAt('/', <ServiceLink />);
  await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toBe('99+'));
  unmount();
  unread = 0;
  renderAt('/', <ServiceLink />);
  await waitFor(() => expect(inputsOf(UNREAD)).toHaveLength(2));
  expect(screen.queryByTestId('unread-badge')).toBeNull();
  expect(screen.getByRole('link', { name: 'Customer service' })).toBeTruthy();
});

it.each([
  ['off', '0'],
  ['unset', null],
])('with customer-service mode %s it never asks for the count and shows no badge', async (_name, value) => {
  mode = value;
  renderAt('/', <ServiceLink />);
  await waitFor(() => expect(inputsOf('/v2/config')).toHaveLength(1));
  await waitFor(() => expect(inputsOf(calls.kefu.path)).toHaveLength(1));
  expect(inputsOf(UNREAD)).toHaveLength(0);
  expect(screen.queryByTestId('unread-badge')).toBeNull();
});

it('leads where the service link says: an external https page in a new tab', async () => {
  link = 'https://help.example.com/chat';
  renderAt('/', <ServiceLink />);
  await waitFor(() => expect(screen.getByRole('link', { name: /Customer service/ }).getAttribute('href')).toBe(link));
  const icon = screen.getByRole('link', { name: /Customer service/ });
  expect(icon.getAttribute('target')).toBe('_blank');
  expect(icon.getAttribute('rel')).toBe('noopener noreferrer');
});

it('a link that is neither a route nor https falls back to the chat', async () => {
  link = 'javascript:alert(1)';
  renderAt('/', <ServiceLink />);
  await waitFor(() => expect(inputsOf(calls.kefu.path)).toHaveLength(1));
  await act(() => new Promise((r) => setTimeout(r, 20)));
  expect(screen.getByRole('link', { name: /Customer service/ }).getAttribute('href')).toBe('/customer-service');
});
