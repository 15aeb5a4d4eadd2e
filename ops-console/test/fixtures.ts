// Answers of the console's calls for its screen tests, checked against the contract by the fake server.
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
