import { act, configure, fireEvent, screen } from '@testing-library/react';
import { ApiError, session } from '@invest/shared';
import { answer, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { Console } from '../src/App';
import { texts } from '../src/i18n';
import { OPS_SESSION_PREFIX } from '../src/session';
import { CONFIG, me } from './fixtures';

session.keepUnder(OPS_SESSION_PREFIX);
// A page's first draw on a busy machine (the whole suite at once) can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => setup(texts));
beforeEach(() => localStorage.clear());
afterEach(() => jest.clearAllMocks());

function signIn(user: string, password: string) {
  fireEvent.change(screen.getByLabelText('Operator name'), { target: { value: user } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

it("signs an operator in and keeps the session under the console's own keys, beside the investor's", async () => {
  localStorage.setItem('token', 'investor-token');
  answer({
    '/v2/config': () => CONFIG, '/ops/me': () => me('finance'),
    '/ops/login': () => ({ token: 'op-token', user: 'ops', expires_at: '2026-04-01T00:00:00.000Z' }),
    '/ops/recharges': () => ({ rows: [], count: 0 }),
  });
  renderAt('/ops/deposits', <Console />);
  expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(true);
  signIn('ops', 'secret-pass');
  expect(await screen.findByRole('heading', { name: 'Deposits' })).toBeTruthy();
  expect(inputsOf('/ops/login')).toEqual([{ user: 'ops', password: 'secret-pass' }]);
  expect(localStorage.getItem('ops.token')).toBe('op-token');
  expect(localStorage.getItem('token')).toBe('investor-token');
  expect(screen.getByText('Signed in as ops')).toBeTruthy();
});

it("shows the API's refusal in its translated words", async () => {
  answer({ '/ops/login': () => { throw new ApiError(401, 'invalidAccountPassword'); } });
  renderAt('/ops/deposits', <Console />);
  signIn('ops', 'wrong-pass');
  expect((await screen.findByRole('alert')).textContent).toMatch(/password/i);
  expect(localStorage.getItem('ops.token')).toBeNull();
});

it('a 401 on a queue ends the session: back to the sign-in', async () => {
  session.start('stale', { id: 1, user: 'ops', login: true }, null);
  answer({ '/v2/config': () => CONFIG, '/ops/me': () => me('finance'), '/ops/recharges': () => { throw new ApiError(401, 'unauthorized'); } });
  renderAt('/ops/deposits', <Console />);
  expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  expect(localStorage.getItem('ops.token')).toBeNull();
});

it('logs out', async () => {
  session.start('op-token', { id: 1, user: 'ops', login: true }, null);
  answer({ '/v2/config': () => CONFIG, '/ops/me': () => me('finance'), '/ops/recharges': () => ({ rows: [], count: 0 }), '/ops/logout': () => 'ok' });
  renderAt('/ops/deposits', <Console />);
  await screen.findByText('Nothing is waiting.');
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log out' })));
  expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  expect(inputsOf('/ops/logout')).toHaveLength(1);
});
