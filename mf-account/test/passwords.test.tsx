import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { ApiError, calls, session } from '@invest/shared';
import { answer, collectToasts, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';

beforeAll(() => setup(texts));
afterEach(() => jest.clearAllMocks());

const UP = calls.passwordUp.path;
const STATE = calls.tradePasswordState.path;

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}
const show = (path: string) =>
  renderAt(
    path,
    <>
      <AppRoutes />
      <Where />
    </>,
  );
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const leave = (label: string) => fireEvent.blur(field(label));

describe('login password', () => {
  const submit = () => screen.getByRole('button', { name: 'Change password' }) as HTMLButtonElement;

  it("shows the spec's messages once a field is left, and keeps submit disabled until every rule passes", async () => {
    answer({ [UP]: () => 'passwordChanged' });
    show('/settings/login-password');
    await screen.findByLabelText('Current password');
    for (const label of ['Current password', 'New password', 'Confirm new password']) leave(label);
    const alerts = () => screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts()).toEqual(['Please fill in all required fields', 'Please enter new password', 'Please confirm your password']);
    expect(submit().disabled).toBe(true);

    type('Current password', 'old-secret');
    type('New password', '12345');
    type('Confirm new password', '12345');
    expect(alerts()).toEqual(['Password must be at least 6 characters']);
    type('New password', 'new-secret');
    expect(alerts()).toEqual(['Passwords do not match']);
    expect(submit().disabled).toBe(true);
    type('Confirm new password', 'new-secret');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(submit().disabled).toBe(false);
    expect(inputsOf(UP)).toHaveLength(0);
  });

  it('sends the current and the new password, says so and returns to settings, keeping no password on the phone', async () => {
    session.start('tok', { id: 3, user: '9876543210', login: true }, { user: '9876543210' });
    answer({ [UP]: () => 'passwordChanged' });
    const toasts = collectToasts();
    show('/settings/login-password');
    type('Current password', 'old-secret');
    type('New password', 'new-secret');
    type('Confirm new password', 'new-secret');
    await act(async () => fireEvent.click(submit()));
    expect(inputsOf(UP)).toEqual([{ password: 'old-secret', password_new: 'new-secret' }]);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/settings'));
    expect(toasts.messages).toContain('Password changed successfully');
    expect(session.remembered()).toEqual({ user: '9876543210', timestamp: expect.any(Number) });
    expect(JSON.stringify({ ...localStorage })).not.toMatch(/old-secret|new-secret/);
  });

  it('shows "Incorrect password" when the current one is wrong, and stays', async () => {
    answer({
      [UP]: () => {
        throw new ApiError(422, 'passwordIncorrect');
      },
    });
    show('/settings/login-password');
    type('Current password', 'wrong-one');
    type('New password', 'new-secret');
    type('Confirm new password', 'new-secret');
    await act(async () => fireEvent.click(submit()));
    expect((await screen.findByTestId('login-password-failed')).textContent).toBe('Incorrect password');
    expect(screen.getByTestId('where').textContent).toBe('/settings/login-password');
  });
});

describe('transaction password dialog', () => {
  const save = () => screen.getByTestId('trade-password-save') as HTMLButtonElement;

  it('moves focus to confirm after 6 digits, back on backspace in an empty confirm, and saves only 6 equal digits', async () => {
    answer({ [STATE]: () => ({ is_set: false, locked_until: null }), [UP]: () => 'tradePasswordSet' });
    const toasts = collectToasts();
    show('/settings');
    expect(await screen.findByText('Not set')).toBeTruthy();
    fireEvent.click(screen.getByTestId('transaction-password-row'));
    expect(await screen.findByRole('dialog', { name: 'Set transaction password' })).toBeTruthy();
    const first = field('Transaction password (6 digits)');
    const confirm = field('Confirm transaction password');
    expect(document.activeElement).toBe(first);

    type('Transaction password (6 digits)', '12a34');
    expect(first.value).toBe('1234');
    expect(document.activeElement).toBe(first);
    type('Transaction password (6 digits)', '123456');
    expect(document.activeElement).toBe(confirm);
    expect(save().disabled).toBe(true);

    fireEvent.keyDown(confirm, { key: 'Backspace' });
    expect(document.activeElement).toBe(first);
    type('Confirm transaction password', '123455');
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    expect(save().disabled).toBe(true);
    // Backspace in a confirm field that still has digits deletes as usual and stays.
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Backspace' });
    expect(document.activeElement).toBe(confirm);
    type('Confirm transaction password', '123456');
    expect(save().disabled).toBe(false);

    await act(async () => fireEvent.click(save()));
    expect(inputsOf(UP)).toEqual([{ type: 'transaction', fund_code_new: '123456', is_first: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts.messages).toContain('Transaction password set successfully');
  });

  it('changes an existing one with the login password, and shows the refusal in the dialog', async () => {
    answer({
      [STATE]: () => ({ is_set: true, locked_until: null }),
      [UP]: () => {
        throw new ApiError(422, 'passwordIncorrect');
      },
    });
    show('/settings');
    expect(await screen.findByText('Set')).toBeTruthy();
    fireEvent.click(screen.getByTestId('transaction-password-row'));
    expect(await screen.findByRole('dialog', { name: 'Change transaction password' })).toBeTruthy();
    type('Transaction password (6 digits)', '654321');
    type('Confirm transaction password', '654321');
    expect(save().disabled).toBe(true);
    type('Login password', 'my-login');
    expect(save().disabled).toBe(false);
    await act(async () => fireEvent.click(save()));
    expect(inputsOf(UP)).toEqual([{ type: 'transaction', fund_code_new: '654321', is_first: false, password: 'my-login' }]);
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
