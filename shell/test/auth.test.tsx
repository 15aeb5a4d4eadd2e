import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ApiError, calls, session } from '@invest/shared';
import { answer, collectToasts, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AuthNavigation } from '../src/auth/authNavigation';
import { ForgotScreen } from '../src/auth/ForgotScreen';
import { LoginScreen } from '../src/auth/LoginScreen';
import { RegisterScreen } from '../src/auth/RegisterScreen';
import { texts } from '../src/i18n';

const LOGIN = calls.login.path;
const REGISTER = calls.register.path;
const FORGET = calls.forget.path;
const PHONE = '9876543210';
const loginResult = (user: string) => ({ token: 'tok', id: 3, user, login: true, expires_at: '2030-01-01T00:00:00.000Z' });

const navigate = jest.fn();
/** An auth screen at `url` (the screens read the page's own address), moving on through `navigate`. */
function show(url: string, screenEl: ReactElement) {
  window.history.replaceState(null, '', url);
  return renderAt(url, <AuthNavigation.Provider value={navigate}>{screenEl}</AuthNavigation.Provider>);
}
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const press = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));

beforeAll(() => setup(texts));
beforeEach(() => {
  localStorage.clear();
  navigate.mockClear();
  answer({ [LOGIN]: ({ user }: { user: string }) => loginResult(user) });
});
afterEach(() => jest.clearAllMocks());

describe('login screen', () => {
  it('remembers the phone number only: after logout the form shows it with an empty password', async () => {
    const first = show('/login', <LoginScreen />);
    expect(screen.getByRole('checkbox', { name: 'Remember my phone number' })).toHaveProperty('checked', true);
    type('Phone number', PHONE);
    type('Password', 'secret123');
    await press('Log in');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }));
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret123');

    session.end('user');
    first.unmount();
    show('/login', <LoginScreen />);
    expect(field('Phone number').value).toBe(PHONE);
    expect(field('Password').value).toBe('');
  });

  it('forgets the phone number too when remember is unticked', async () => {
    show('/login', <LoginScreen />);
    type('Phone number', PHONE);
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember my phone number' }));
    await press('Log in');
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(session.remembered()).toBeNull();
  });

  it('returns to the page it was sent from (?next=), with its query', async () => {
    show('/login?next=%2Fstock%2Ftrading%2FTCS.NS%2FIN%2FTCS%3Ftype%3Dsell', <LoginScreen />);
    type('Phone number', PHONE);
    type('Password', 'secret123');
    await press('Log in');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/stock/trading/TCS.NS/IN/TCS?type=sell', { replace: true }));
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/\t/evil.example'])(
    'goes home instead of ?next=%s, which is not a page of this app',
    async (next) => {
      show(`/login?next=${encodeURIComponent(next)}`, <LoginScreen />);
      type('Phone number', PHONE);
      type('Password', 'secret123');
      await press('Log in');
      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }));
    },
  );

  it('takes a pasted international number as the 10-digit national one', async () => {
    show('/login', <LoginScreen />);
    type('Phone number', '+52 55 1234 5678');
    expect(field('Phone number').value).toBe('5512345678');
    type('Phone number', '+91 98765 43210');
    expect(field('Phone number').value).toBe(PHONE);
    type('Password', 'secret123');
    await press('Log in');
    expect(inputsOf(LOGIN)).toEqual([{ user: PHONE, password: 'secret123' }]);
  });

  it('keeps ?next= on its way to register and to the reset screen', () => {
    show('/login?next=%2Fwithdraw', <LoginScreen />);
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register?next=%2Fwithdraw');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password?next=%2Fwithdraw');
  });
});

describe('register screen', () => {
  it('goes back to login with the phone, keeping ?next= for the login that follows', async () => {
    answer({ [REGISTER]: () => 'success' });
    show('/register?next=%2Fwithdraw', <RegisterScreen />);
    type('Phone number', PHONE);
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    type('Invitation code', 'DEMO2026');
    await press('Register');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/login?phone=${PHONE}&next=%2Fwithdraw`, { replace: true }));
  });

  it.each(['+52 55 1234 5678', '+52 1 55 1234 5678', '(55) 1234-5678'])('registers a Mexican number pasted as %p with its 10 national digits', async (pasted) => {
    answer({ [REGISTER]: () => 'success' });
    show('/register', <RegisterScreen />);
    type('Phone number', pasted);
    expect(field('Phone number').value).toBe('5512345678');
    type('Password', 'secret123');
    type('Confirm password', 'secret123');
    type('Invitation code', 'DEMO2026');
    await press('Register');
    expect(inputsOf(REGISTER)).toEqual([{ user: '5512345678', password: 'secret123', code: 'DEMO2026' }]);
  });
});

describe('reset screen', () => {
  it('takes a pasted international number as the 10-digit national one', async () => {
    answer({ [FORGET]: () => 'passwordReset' });
    show('/forgot-password', <ForgotScreen />);
    type('Phone number', '+91 98765 43210');
    expect(field('Phone number').value).toBe(PHONE);
    type('Phone number', '+52 55 1234 5678');
    expect(field('Phone number').value).toBe('5512345678');
    type('Old password', 'secret123');
    type('New password', 'newsecret1');
    type('Confirm new password', 'newsecret1');
    await press('Reset password');
    expect(inputsOf(FORGET)).toEqual([{ user: '5512345678', password: 'secret123', new_password: 'newsecret1' }]);
  });

  it('asks for the phone (the remembered one filled in), the old password and the new one twice, and sends the spec payload', async () => {
    session.start('tok', { id: 3, user: PHONE, login: true }, { user: PHONE });
    session.end('user');
    answer({ [FORGET]: () => 'passwordReset' });
    const toasts = collectToasts();
    show('/forgot-password', <ForgotScreen />);
    expect(field('Phone number').value).toBe(PHONE);
    expect(field('Old password').value).toBe('');

    type('Old password', 'secret123');
    type('New password', 'newsecret1');
    type('Confirm new password', 'newsecret2');
    await press('Reset password');
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    type('Confirm new password', 'newsecret1');
    await press('Reset password');
    expect(inputsOf(FORGET)).toEqual([{ user: PHONE, password: 'secret123', new_password: 'newsecret1' }]);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(`/login?phone=${PHONE}`, { replace: true }));
    expect(toasts.messages).toContain('Password reset successfully');
    toasts.stop();
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/secret/);
  });

  it('works without a remembered login, with the spec messages, and stays on a wrong old password', async () => {
    answer({
      [FORGET]: () => {
        throw new ApiError(422, 'oldPasswordIncorrect');
      },
    });
    show('/forgot-password', <ForgotScreen />);
    expect(field('Phone number').value).toBe('');
    await press('Reset password');
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');
    type('Phone number', '98765');
    type('Old password', 'secret123');
    type('New password', 'newsecret1');
    type('Confirm new password', 'newsecret1');
    await press('Reset password');
    expect(screen.getByRole('alert').textContent).toBe('Phone number must be 10 digits');
    type('Phone number', PHONE);
    await press('Reset password');
    expect((await screen.findByRole('alert')).textContent).toBe('Old password is incorrect');
    expect(navigate).not.toHaveBeenCalled();
  });
});
