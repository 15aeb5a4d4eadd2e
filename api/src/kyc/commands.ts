import { parseArgs } from 'node:util';
import { calls, type OpsRealName } from '@invest/shared/contract';
import { idArg, UsageError } from '../ops/money-commands';
import type { OpsApi } from '../ops/remote';

export const KYC_USAGE = `Real-name verification (the running server's /api/ops, audited there):
  kyc list [--status 1|2|3]             submissions (1 under review, 2 approved, 3 rejected), newest first
  kyc show ID                           one submission: name, ID type and number, and its photos' addresses
  kyc approve ID                        approves it: the user may withdraw and borrow
  kyc reject ID --reason TEXT           rejects it; the user sees the reason and may submit again
`;

const STATUS = { 1: 'under review', 2: 'approved', 3: 'rejected' } as Record<number, string>;

const summary = (r: OpsRealName) => `${r.id}  ${r.user}  ${STATUS[r.status] ?? r.status}  ${r.real_name}  ${r.id_type} ${r.id_number}  ${r.created_at}`;

/** `npm run ops -- kyc list | show ID | approve ID | reject ID --reason TEXT`. Returns the exit code. */
export async function kycCommand(api: () => Promise<OpsApi>, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      const { values } = parseArgs({ args: rest, options: { status: { type: 'string' } }, strict: true });
      const res = await (await api()).call(calls.opsKycList, { status: values.status === undefined ? undefined : Number(values.status) });
      console.log(res.rows.length ? res.rows.map(summary).join('\n') : '(none)');
      return 0;
    }
    case 'show': {
      const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
      const r = await (await api()).call(calls.opsKycGet, {}, { id: idArg(positionals, 'kyc show') });
      console.log(summary(r));
      console.log(`front photo: ${r.id_number_img}\nback photo:  ${r.id_number_img_two}`);
      if (r.decided_by) console.log(`decided by ${r.decided_by} at ${r.decided_at}${r.reject_reason ? `: ${r.reject_reason}` : ''}`);
      return 0;
    }
    case 'approve': {
      const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
      const r = await (await api()).call(calls.opsKycApprove, {}, { id: idArg(positionals, 'kyc approve') });
      console.log(`real name ${r.id} of ${r.user} approved`);
      return 0;
    }
    case 'reject': {
      const { values, positionals } = parseArgs({ args: rest, options: { reason: { type: 'string' } }, allowPositionals: true, strict: true });
      if (!values.reason?.trim()) throw new UsageError('--reason TEXT is required (the user sees it)');
      const r = await (await api()).call(calls.opsKycReject, { reason: values.reason }, { id: idArg(positionals, 'kyc reject') });
      console.log(`real name ${r.id} of ${r.user} rejected: ${r.reject_reason}`);
      return 0;
    }
    default:
      throw new UsageError(sub ? `unknown kyc command "${sub}"` : 'kyc takes list, show, approve or reject');
  }
}
