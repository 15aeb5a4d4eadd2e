// Answers of the console's calls for its screen tests, checked against the contract by the fake server, and the setup every console page's tests share.
import { fireEvent, screen } from '@testing-library/react';
import { session } from '@invest/shared';
import { setup } from '@invest/shared/testing';
import { texts } from '../src/i18n';
import { OPS_SESSION_PREFIX } from '../src/session';
import type { CallOutput, OpsRealName } from '@invest/shared';
import type { opsCalls } from '@invest/shared/ops-calls';

export const CONFIG = [{ tag: 'currency', value: 'INR' }];

type OpsRecharge = CallOutput<typeof opsCalls.opsRecharges>['rows'][number];
type OpsWithdrawal = CallOutput<typeof opsCalls.opsWithdrawals>['rows'][number];

export const deposit = (id: number, over: Partial<OpsRecharge> = {}): OpsRecharge => ({
  id,
  count: 500000,
  status: 1,
  created_at: '2026-03-04T05:06:07.000Z',
  method: 'bank',
  reference: `R${String(id).padStart(6, '0')}`,
  payment_ref: null,
  fail_reason: null,
  user: '9876543210',
  ...over,
});

export const withdrawal = (id: number, over: Partial<OpsWithdrawal> = {}): OpsWithdrawal => ({
  id,
  count: 250000,
  status: 'n',
  created_at: '2026-03-04T05:06:07.000Z',
  bank: 'HDFC Bank',
  bank_card: '****5678',
  fail_reason: null,
  user: '9876543210',
  ...over,
});

export const check = (id: number, over: Partial<OpsRealName> = {}): OpsRealName => ({
  id,
  status: 1,
  real_name: 'Asha Rao',
  id_type: 'idCard',
  id_number: '123412341234',
  id_number_img: '/api/stock/success/upload/0123456789abcdef0123456789abcdef.jpg',
  id_number_img_two: '/api/stock/success/upload/fedcba9876543210fedcba9876543210.jpg',
  reject_reason: null,
  created_at: '2026-03-04T05:06:07.000Z',
  user: '9876543210',
  user_id: 3,
  decided_by: null,
  decided_at: null,
  ...over,
});

type OpsLoan = CallOutput<typeof opsCalls.opsLoans>['rows'][number];
type OpsUser = CallOutput<typeof opsCalls.opsUsers>['rows'][number];
type OpsUserDetail = CallOutput<typeof opsCalls.opsUser>;
type OperatorRole = CallOutput<typeof opsCalls.opsMe>['role'];

/** Who the signed-in operator is (the ops "me" call), in `role`. */
export const me = (role: OperatorRole, user = 'ops') => ({ id: 1, user, role });

export const loan = (id: number, over: Partial<OpsLoan> = {}): OpsLoan => ({
  id,
  count: 1000000,
  state: 1,
  repayment_time: null,
  created_at: '2026-03-04T05:06:07.000Z',
  interest: 50000,
  reject_reason: null,
  user: '9876543210',
  ...over,
});

export const userRow = (id: number, over: Partial<OpsUser> = {}): OpsUser => ({
  id,
  user: '9876543210',
  no: '100003',
  created_at: '2026-01-02T03:04:05.000Z',
  disabled_at: null,
  real_name_status: 2,
  balance: 750000,
  ...over,
});

export const userDetail = (id: number, over: Partial<OpsUserDetail> = {}): OpsUserDetail => ({
  ...userRow(id),
  qualified: false,
  real_name: { id: 9, status: 2, real_name: 'Asha Rao', id_type: 'idCard', id_number: '****1234', id_number_img: check(9).id_number_img, id_number_img_two: check(9).id_number_img_two, reject_reason: null, created_at: '2026-01-03T00:00:00.000Z' },
  cards: [{ id: 1, bank: 'HDFC Bank', branch_bank: 'Fort', bank_card: '****5678', ifsc: 'HDFC0000001', bank_user: 'Asha Rao', type: 'bank', status: 1, created_at: '2026-01-02T03:04:05.000Z' }],
  wallet: { balance: 750000, held: 250000, available: 500000, currency: 'INR' },
  bills: [{ id: 1, type: 'income', amount: 500000, balance: 750000, reason: 'recharge', created_at: '2026-03-04T05:06:07.000Z' }],
  orders: [],
  loans: [loan(3, { state: 5 })],
  chat: [{ id: 1, text: 'Where is my deposit?', from: 'user', created_at: '2026-03-04T05:06:07.000Z', read: true }],
  ...over,
});

type OpsOffer = CallOutput<typeof opsCalls.opsOffers>['rows'][number];
type OpsIpo = CallOutput<typeof opsCalls.opsIpos>['rows'][number];
type OpsFund = CallOutput<typeof opsCalls.opsFunds>['rows'][number];
type InvitationCode = CallOutput<typeof opsCalls.opsInvitationCodes>[number];

export const offer = (id: number, over: Partial<OpsOffer> = {}): OpsOffer => ({
  id,
  tag: 'RELIANCE.NS',
  name: 'Reliance Industries',
  mold: 'bulk',
  price: 1410.5,
  count: 100,
  status: 1,
  type: 'IN',
  currency: 'INR',
  windows: [{ open: '09:15', close: '15:30' }],
  time_zone: 'Asia/Kolkata',
  qualified_only: false,
  created_by: 'pat',
  created_at: '2026-03-04T05:06:07.000Z',
  closed_by: null,
  closed_at: null,
  orders: 2,
  shares: 300,
  ...over,
});

export const ipo = (id: number, over: Partial<OpsIpo> = {}): OpsIpo => ({
  id,
  series: 'EQ',
  symbol: 'JIOFIN.NS',
  company_name: 'Jio Financial Services',
  status: 'Forthcoming',
  issue_price: 120.5,
  min: 100,
  max: 1000,
  issue_start_date: '2026-03-01',
  issue_end_date: '2026-03-08',
  lot: 100,
  market: 'IN',
  currency: 'INR',
  created_at: '2026-02-20T05:06:07.000Z',
  applications: 3,
  applied_shares: 900,
  held: 10_845_000,
  shares_offered: null,
  shares_allotted: null,
  draw_seed: null,
  allotted_at: null,
  ...over,
});

export const fundProject = (id: number, over: Partial<OpsFund> = {}): OpsFund => ({
  id,
  name: 'Steady Income 90',
  min_return: 4,
  max_return: 6,
  investment_period: 90,
  amount: 1_000_000,
  issue_amount: 100_000_000,
  sold_amount: 3_000_000,
  expected_return: 5,
  status: 'open',
  end_time: '2026-06-01T00:00:00.000Z',
  created_at: '2026-03-03T00:00:00.000Z',
  available: true,
  due: false,
  active_orders: 3,
  return_rate: null,
  profit_paid: 0,
  settled_at: null,
  cancelled_at: null,
  cancel_reason: null,
  ...over,
});

export const invitationCode = (code: string, over: Partial<InvitationCode> = {}): InvitationCode => ({
  code,
  active: true,
  uses: 0,
  created_at: '2026-03-01T00:00:00.000Z',
  ...over,
});

/**
 * A console page's screen tests: the console's session keys and texts, the page's chunk loaded once before the first
 * test (not within its waiting time), a signed-in operator per test.
 */
export function consolePageTests(loadPage: () => Promise<unknown>): void {
  session.keepUnder(OPS_SESSION_PREFIX);
  beforeAll(async () => {
    setup(texts);
    await loadPage();
  });
  beforeEach(() => session.start('op-token', { id: 1, user: 'ops', login: true }, null));
  afterEach(() => jest.clearAllMocks());
}

/** The rows of the page's table. */
export const rowsOf = () => screen.getAllByTestId('queue-row');

/** Types into a field and leaves it, as an operator does (its check shows on leaving). */
export function typeInto(field: HTMLElement, value: string): void {
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}
