import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, collectToasts, inputsOf, renderAt } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { CONFIG, consolePageTests, invitationCode, me, rowsOf } from './fixtures';

consolePageTests(() => import('../src/invitations/InvitationCodesPage'));


/** A fake API keeping the codes as the real one does: a save creates the code or switches it on or off. */
function codesApi(start: ReturnType<typeof invitationCode>[]) {
  let codes = start;
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('admin'),
    '/ops/invitation-codes': (input) => {
      if (!('code' in input)) return codes;
      const old = codes.find((c) => c.code === input.code);
      const saved = old ? { ...old, active: input.active } : invitationCode(input.code, { created_at: '2026-03-09T00:00:00.000Z' });
      codes = old ? codes.map((c) => (c.code === input.code ? saved : c)) : [saved, ...codes];
      return saved;
    },
  });
}

it('lists the codes with their registrations, creates one, and refuses one that exists before sending it', async () => {
  const toasts = collectToasts();
  codesApi([invitationCode('DEMO2026', { uses: 42 }), invitationCode('OLD1', { active: false, uses: 3 })]);
  renderAt('/ops/invitation-codes', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(2));
  expect(within(rowsOf()[0]!).getByText('42')).toBeTruthy();
  expect(within(rowsOf()[1]!).getByText('Disabled')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'New code' }));
  const form = await screen.findByRole('form', { name: 'New invitation code' });
  const code = within(form).getByLabelText('Code');
  fireEvent.change(code, { target: { value: 'OLD1' } });
  expect(within(form).getByText('This code exists already: select it in the list to enable it.')).toBeTruthy();
  expect(within(form).getByRole('button', { name: 'Create code' })).toHaveProperty('disabled', true);
  fireEvent.change(code, { target: { value: 'SPRING 26' } });
  fireEvent.blur(code);
  expect(within(form).getByText('Invalid invitation code')).toBeTruthy();
  fireEvent.click(within(form).getByRole('button', { name: 'Suggest a code' }));
  expect((code as HTMLInputElement).value).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  fireEvent.change(code, { target: { value: 'SPRING-26' } });
  await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Create code' })));
  await waitFor(() => expect(toasts.messages).toContain('Invitation code SPRING-26 created'));
  expect(inputsOf('/ops/invitation-codes').filter((i) => 'code' in i)).toEqual([{ code: 'SPRING-26', active: true }]);
  await waitFor(() => expect(rowsOf()).toHaveLength(3));
  expect(within(rowsOf()[0]!).getByText('SPRING-26')).toBeTruthy();
  expect(await screen.findByRole('heading', { name: 'Code SPRING-26' })).toBeTruthy();
  toasts.stop();
});

it('disables a code and enables it again', async () => {
  const toasts = collectToasts();
  codesApi([invitationCode('DEMO2026', { uses: 42 })]);
  renderAt('/ops/invitation-codes', <AppRoutes />);
  await waitFor(() => expect(rowsOf()).toHaveLength(1));
  fireEvent.keyDown(rowsOf()[0]!, { key: 'Enter' });
  const panel = screen.getByRole('complementary', { name: 'Code DEMO2026' });
  await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Disable code' })));
  await waitFor(() => expect(toasts.messages).toContain('Invitation code DEMO2026 disabled'));
  await waitFor(() => expect(within(rowsOf()[0]!).getByText('Disabled')).toBeTruthy());
  await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Enable code' })));
  await waitFor(() => expect(toasts.messages).toContain('Invitation code DEMO2026 enabled'));
  expect(inputsOf('/ops/invitation-codes').filter((i) => 'code' in i)).toEqual([
    { code: 'DEMO2026', active: false },
    { code: 'DEMO2026', active: true },
  ]);
  toasts.stop();
});
