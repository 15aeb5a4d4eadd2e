import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '@invest/shared';
import { answer, collectToasts, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';
import { OPS_SESSION_PREFIX } from '../src/session';
import { check, CONFIG, me } from './fixtures';

session.keepUnder(OPS_SESSION_PREFIX);
// A page's first draw on a busy machine (the whole suite at once) can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => setup(texts));
beforeEach(() => session.start('op-token', { id: 1, user: 'ops', login: true }, null));
afterEach(() => jest.clearAllMocks());

it('shows a submission under review with its fields and both photos with their controls, and approves it', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  const toasts = collectToasts();
  let waiting = [check(4)];
  answer({
    '/v2/config': () => CONFIG, '/ops/me': () => me('support'),
    '/ops/kyc': () => ({ rows: waiting, count: waiting.length }),
    '/ops/kyc/4/approve': () => {
      waiting = [];
      return check(4, { status: 2 });
    },
  });
  renderAt('/ops/kyc', <AppRoutes />);
  await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(1));
  expect(inputsOf('/ops/kyc')[0]).toEqual({ status: 1, page: 1, limit: 100 });
  fireEvent.keyDown(screen.getByTestId('queue-row'), { key: ' ' });
  const panel = screen.getByRole('complementary', { name: 'Real-name check 4' });
  expect(within(panel).getByText('Asha Rao')).toBeTruthy();
  expect(within(panel).getByText('123412341234')).toBeTruthy();
  for (const side of ['ID photo, front', 'ID photo, back']) {
    const tools = await within(panel).findByRole('toolbar', { name: side });
    for (const name of ['Zoom in', 'Zoom out', 'Rotate a quarter turn', 'Reset the view']) expect(within(tools).getByRole('button', { name })).toBeTruthy();
  }
  // The photos are asked for with the operator's token.
  await waitFor(() => expect(globalThis.fetch).toHaveBeenCalledWith(check(4).id_number_img, expect.objectContaining({ headers: { Authorization: 'Bearer op-token' } })));
  await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Approve' })));
  expect(await screen.findByText('Nothing is waiting.')).toBeTruthy();
  expect(toasts.messages).toContain('Real-name check 4 approved');
  toasts.stop();
});
