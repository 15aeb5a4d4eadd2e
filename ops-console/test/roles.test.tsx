import { configure, screen, within } from '@testing-library/react';
import { session } from '@invest/shared';
import { answer, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';
import { OPS_SESSION_PREFIX } from '../src/session';
import { CONFIG, me } from './fixtures';

session.keepUnder(OPS_SESSION_PREFIX);
// A page's first draw on a busy machine (the whole suite at once) can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => setup(texts));
beforeEach(() => session.start('op-token', { id: 1, user: 'ops', login: true }, null));
afterEach(() => jest.clearAllMocks());

const EMPTY = () => ({ rows: [], count: 0 });

async function navLinks(): Promise<string[]> {
  const nav = screen.getByRole('navigation', { name: 'Console' });
  await within(nav).findAllByRole('link');
  return within(nav)
    .getAllByRole('link')
    .map((l) => l.textContent ?? '');
}

it('shows a support operator only the real-name checks, the chat and the users, opening on the checks, with the role beside the name', async () => {
  answer({ '/v2/config': () => CONFIG, '/ops/me': () => me('support', 'sam'), '/ops/kyc': EMPTY });
  renderAt('/ops', <AppRoutes />);
  expect(await screen.findByRole('heading', { name: 'Real-name checks' })).toBeTruthy();
  expect(await navLinks()).toEqual(['Real-name checks', 'Customer chat', 'Users']);
  expect(screen.getByText('Signed in as sam')).toBeTruthy();
  expect(screen.getByText('Support')).toBeTruthy();
});

it('shows finance the money queues and the users, opening on the deposits', async () => {
  answer({ '/v2/config': () => CONFIG, '/ops/me': () => me('finance'), '/ops/recharges': EMPTY });
  renderAt('/ops', <AppRoutes />);
  expect(await screen.findByRole('heading', { name: 'Deposits' })).toBeTruthy();
  expect(await navLinks()).toEqual(['Deposits', 'Withdrawals', 'Loans', 'Users']);
});

it('shows an admin every page', async () => {
  answer({ '/v2/config': () => CONFIG, '/ops/me': () => me('admin'), '/ops/recharges': EMPTY });
  renderAt('/ops/nowhere', <AppRoutes />);
  expect(await screen.findByRole('heading', { name: 'Deposits' })).toBeTruthy();
  expect(await navLinks()).toEqual([
    'Deposits',
    'Withdrawals',
    'Loans',
    'Real-name checks',
    'Customer chat',
    'Block trades and QIP',
    'IPOs',
    'Funds',
    'Users',
    'Invitation codes',
    'Settings',
    'Audit log',
  ]);
  // By section, each a list named by its heading.
  const nav = screen.getByRole('navigation', { name: 'Console' });
  expect(within(nav).getAllByRole('list').map((l) => l.getAttribute('aria-labelledby') && document.getElementById(l.getAttribute('aria-labelledby')!)?.textContent)).toEqual([
    'Queues',
    'Products',
    'Users and administration',
  ]);
  expect(screen.getByText('Admin')).toBeTruthy();
});

it('opens a products operator on the offers, with the IPOs, the funds and the users', async () => {
  answer({ '/v2/config': () => CONFIG, '/ops/me': () => me('products'), '/ops/offers': EMPTY });
  renderAt('/ops', <AppRoutes />);
  expect(await screen.findByRole('heading', { name: 'Block trades and QIP' })).toBeTruthy();
  expect(await navLinks()).toEqual(['Block trades and QIP', 'IPOs', 'Funds', 'Users']);
});

it('keeps the settings and the invitation codes for admins: a products operator is sent to their first page', async () => {
  answer({ '/v2/config': () => CONFIG, '/ops/me': () => me('products'), '/ops/offers': EMPTY, '/ops/settings': () => [] });
  renderAt('/ops/settings', <AppRoutes />);
  expect(await screen.findByRole('heading', { name: 'Block trades and QIP' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Settings' })).toBeNull();
});

it('sends an operator away from a page of another role, to their first page', async () => {
  // The page may ask for its list before the role is known; the API would refuse it (403), here it is empty.
  answer({ '/v2/config': () => CONFIG, '/ops/me': () => me('support'), '/ops/kyc': EMPTY, '/ops/withdrawals': EMPTY });
  renderAt('/ops/withdrawals', <AppRoutes />);
  expect(await screen.findByRole('heading', { name: 'Real-name checks' })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'Withdrawals' })).toBeNull();
});
