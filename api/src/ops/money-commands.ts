import { parseArgs } from 'node:util';
import { calls } from '@invest/shared/contract';
import type { OpsApi } from './remote';

/** Minor units as the operator reads them: 500000 → 5000.00. */
const amount = (minor: number) => (minor / 100).toFixed(2);

type Row = Record<string, unknown> & { id: number; user?: string; count?: number; created_at?: string };
/** Rows as a plain-text table, amounts in units. */
export function table(rows: Row[], columns: string[]): string {
  if (!rows.length) return '(none)';
  const cells = rows.map((r) => columns.map((c) => (c === 'count' || c === 'interest' ? amount(Number(r[c])) : String(r[c] ?? ''))));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}

/** A request waiting for its second operator shows who gave the first approval. */
const withFirstApprover = <R extends Row & { first_approval?: { operator: string } }>(r: R) => ({ ...r, approved_by: r.first_approval?.operator ?? '' });

export const idArg = (positionals: string[], what: string): number => {
  const id = Number(positionals[0]);
  if (positionals.length !== 1 || !Number.isSafeInteger(id) || id <= 0) throw new UsageError(`${what} takes one ID`);
  return id;
};

export class UsageError extends Error {}

/**
 * The operator's money commands, each one call of the running server's /api/ops (so each is audited there).
 * Returns the process exit code.
 */
export const MONEY_COMMANDS: Record<string, (api: () => Promise<OpsApi>, args: string[]) => Promise<number>> = {
  async recharges(api, args) {
    const { values } = parseArgs({ args, options: { status: { type: 'string' } }, strict: true });
    const res = await (await api()).call(calls.opsRecharges, { status: values.status === undefined ? undefined : Number(values.status) });
    console.log(table(res.rows, ['id', 'user', 'count', 'method', 'reference', 'payment_ref', 'status', 'created_at']));
    return 0;
  },
  async 'recharge-complete'(api, args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
    const r = await (await api()).call(calls.opsRechargeComplete, {}, { id: idArg(positionals, 'recharge-complete') });
    console.log(`recharge ${r.id} completed: ${amount(r.count)} credited to ${r.user}`);
    return 0;
  },
  async 'recharge-fail'(api, args) {
    const { values, positionals } = parseArgs({ args, options: { reason: { type: 'string' } }, allowPositionals: true, strict: true });
    if (!values.reason?.trim()) throw new UsageError('--reason TEXT is required (the user sees it)');
    const r = await (await api()).call(calls.opsRechargeFail, { reason: values.reason }, { id: idArg(positionals, 'recharge-fail') });
    console.log(`recharge ${r.id} failed: ${r.fail_reason}`);
    return 0;
  },
  async withdrawals(api, args) {
    const { values } = parseArgs({ args, options: { status: { type: 'string' } }, strict: true });
    const status = values.status as 'n' | 'y' | 'b' | undefined;
    const res = await (await api()).call(calls.opsWithdrawals, { status });
    console.log(table(res.rows.map(withFirstApprover), ['id', 'user', 'count', 'bank', 'bank_card', 'status', 'approved_by', 'created_at']));
    return 0;
  },
  async 'withdrawal-complete'(api, args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
    const r = await (await api()).call(calls.opsWithdrawalComplete, {}, { id: idArg(positionals, 'withdrawal-complete') });
    if (r.first_approval) console.log(`withdrawal ${r.id} approved by ${r.first_approval.operator}: ${amount(r.count)} is at or above four_eyes_min, so another operator must complete it too`);
    else console.log(`withdrawal ${r.id} completed: ${amount(r.count)} paid to ${r.user}`);
    return 0;
  },
  async 'withdrawal-fail'(api, args) {
    const { values, positionals } = parseArgs({ args, options: { reason: { type: 'string' } }, allowPositionals: true, strict: true });
    if (!values.reason?.trim()) throw new UsageError('--reason TEXT is required (the user sees it)');
    const r = await (await api()).call(calls.opsWithdrawalFail, { reason: values.reason }, { id: idArg(positionals, 'withdrawal-fail') });
    console.log(`withdrawal ${r.id} failed and refunded: ${r.fail_reason}`);
    return 0;
  },
  async loans(api, args) {
    const { values } = parseArgs({ args, options: { state: { type: 'string' } }, strict: true });
    const res = await (await api()).call(calls.opsLoans, { state: values.state === undefined ? undefined : Number(values.state) });
    console.log(table(res.rows.map(withFirstApprover), ['id', 'user', 'count', 'interest', 'state', 'approved_by', 'repayment_time', 'created_at']));
    return 0;
  },
  async 'loan-approve'(api, args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
    const r = await (await api()).call(calls.opsLoanApprove, {}, { id: idArg(positionals, 'loan-approve') });
    if (r.first_approval) console.log(`loan ${r.id} approved by ${r.first_approval.operator}: ${amount(r.count)} is at or above four_eyes_min, so another operator must approve it too`);
    else console.log(`loan ${r.id} approved: ${amount(r.count)} lent to ${r.user}, due ${r.repayment_time}`);
    return 0;
  },
  async 'loan-reject'(api, args) {
    const { values, positionals } = parseArgs({ args, options: { reason: { type: 'string' } }, allowPositionals: true, strict: true });
    if (!values.reason?.trim()) throw new UsageError('--reason TEXT is required (the user sees it)');
    const r = await (await api()).call(calls.opsLoanReject, { reason: values.reason }, { id: idArg(positionals, 'loan-reject') });
    console.log(`loan ${r.id} rejected: ${r.reject_reason}`);
    return 0;
  },
};
