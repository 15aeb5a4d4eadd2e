import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '@invest/shared';
import { answer, collectToasts, inputsOf, renderAt, setup } from '@invest/shared/testing';
import { AppRoutes } from '../src/App';
import { texts } from '../src/i18n';
import { OPS_SESSION_PREFIX } from '../src/session';
import { CONFIG, me } from './fixtures';

session.keepUnder(OPS_SESSION_PREFIX);
// A page's first draw on a busy machine (the whole suite at once) can take longer than 1 s.
configure({ asyncUtilTimeout: 5000 });
beforeAll(() => setup(texts));
beforeEach(() => session.start('op-token', { id: 1, user: 'ops', login: true }, null));
afterEach(() => jest.restoreAllMocks());

const entry = (id: number, action: string) => ({
  id,
  operator: 'alice',
  action,
  target: 'withdrawal 12',
  detail: { amount: 250000 },
  created_at: '2026-03-04T05:06:07.000Z',
});

it('filters the audit log and exports what the filters match as a CSV file', async () => {
  const toasts = collectToasts();
  const created = jest.fn((_blob: Blob) => 'blob:audit');
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
  const saved: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(`${this.download} ${this.href}`);
  });
  answer({
    '/v2/config': () => CONFIG,
    '/ops/me': () => me('admin'),
    '/ops/audit': (input: { action?: string }) => ({ rows: input.action ? [entry(2, 'withdrawal.complete')] : [entry(2, 'withdrawal.complete'), entry(1, 'recharge.fail')], count: input.action ? 1 : 2 }),
    '/ops/audit/export': () => ({ csv: 'id,time\n2,2026-03-04\n', rows: 1, truncated: false }),
  });
  renderAt('/ops/audit', <AppRoutes />);
  await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(2));
  expect(within(screen.getAllByTestId('queue-row')[0]!).getByText('{"amount":250000}')).toBeTruthy();
  const filters = screen.getByRole('form', { name: 'Audit log filters' });
  fireEvent.change(within(filters).getByLabelText('Action'), { target: { value: 'withdrawal.' } });
  fireEvent.change(within(filters).getByLabelText('Operator'), { target: { value: 'alice' } });
  fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2026-03-01T00:00' } });
  fireEvent.click(within(filters).getByRole('button', { name: 'Apply filters' }));
  await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(1));
  const asked = inputsOf('/ops/audit').at(-1);
  expect(asked).toEqual({ action: 'withdrawal.', operator: 'alice', from: new Date('2026-03-01T00:00').toISOString(), page: 1, limit: 15 });
  await act(async () => fireEvent.click(within(filters).getByRole('button', { name: 'Export CSV' })));
  await waitFor(() => expect(click).toHaveBeenCalled());
  expect(inputsOf('/ops/audit/export')).toEqual([{ action: 'withdrawal.', operator: 'alice', from: asked.from }]);
  const blob = created.mock.calls[0]![0];
  expect([blob.type, blob.size]).toEqual(['text/csv', 'id,time\n2,2026-03-04\n'.length]);
  expect(saved).toEqual([expect.stringMatching(/^audit-\d{4}-\d\d-\d\d\.csv blob:audit$/)]);
  expect(toasts.messages).toContain('Exported 1 rows');
  toasts.stop();
});
