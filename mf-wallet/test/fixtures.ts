// Answers of the wallet's calls for the screen tests, checked against the contract by the fake server.
import { type Bill, type BankCard, type LoanRecord, type RealName, type RechargeMethodInfo, type RechargeRecord, type WithdrawRecord } from '@invest/shared';

export const INFO = { id: 3, user: '9876543210', no: '40000003', img: '', total: 1234567, money: 1000050, loan: 0 };
export const CONFIG = [
  { tag: 'min_withdraw_count', value: '100' },
  { tag: 'currency', value: 'INR' },
];
export const METHODS: RechargeMethodInfo[] = [
  { method: 'bank', enabled: true, details: { account_name: 'Invest Ltd', bank: 'State Bank', account_number: '123456789012', ifsc: 'SBIN0001234' } },
  { method: 'usdt', enabled: true, details: { address: 'TXYZ0000000000000000000000000000', network: 'TRC-20' } },
];
export const CARD: BankCard = {
  id: 7,
  bank: 'HDFC Bank',
  branch_bank: '',
  bank_card: '****5678',
  ifsc: 'HDFC0001234',
  bank_user: 'Asha Rao',
  type: 'bank',
  status: 1,
  created_at: '2026-01-02T03:04:05.000Z',
};

export const bill = (id: number, over: Partial<Bill> = {}): Bill => ({
  id,
  type: 'income',
  amount: 500000,
  balance: 1000050,
  reason: 'recharge',
  created_at: '2026-03-04T05:06:07.000Z',
  ...over,
});

export const recharge = (id: number, over: Partial<RechargeRecord> = {}): RechargeRecord => ({
  id,
  count: 500000,
  status: 1,
  created_at: '2026-03-04T05:06:07.000Z',
  method: 'bank',
  reference: `RREF${id}`,
  payment_ref: null,
  fail_reason: null,
  ...over,
});

export const withdrawal = (id: number, over: Partial<WithdrawRecord> = {}): WithdrawRecord => ({
  id,
  count: 20000,
  status: 'n',
  created_at: '2026-03-04T05:06:07.000Z',
  bank: 'HDFC Bank',
  bank_card: '****5678',
  fail_reason: null,
  ...over,
});

export const loan = (id: number, over: Partial<LoanRecord> = {}): LoanRecord => ({
  id,
  count: 100000,
  state: 1,
  repayment_time: null,
  created_at: '2026-03-04T05:06:07.000Z',
  interest: 0,
  reject_reason: null,
  ...over,
});

export const LOAN_DATA = { amountDue: 0, creditScore: 100, remainingAmount: 5_000_000, interestBps: 0, termDays: 30 };

/** An approved real-name verification: withdrawals and loans need one (the gate has its own tests). */
export const REAL_NAME_APPROVED: RealName = {
  id: 1,
  status: 2,
  real_name: 'Asha Rao',
  id_type: 'idCard',
  id_number: '****2346',
  id_number_img: '/api/stock/success/upload/0123456789abcdef0123456789abcdef.jpg',
  id_number_img_two: '/api/stock/success/upload/fedcba9876543210fedcba9876543210.jpg',
  reject_reason: null,
  created_at: '2026-01-02T03:04:05.000Z',
};
