import { parseArgs } from 'node:util';
import { calls, type OpsFund } from '@invest/shared/contract';
import { idArg, UsageError } from '../../ops/money-commands';
import type { OpsApi } from '../../ops/remote';

export const FUNDS_USAGE = `Fixed-term funds (the running server's /api/ops, audited there; amounts in minor units, returns in %
for the whole term):
  funds list [--status open|settled|cancelled]
                                        projects, newest first; DUE marks one past its term awaiting settlement
  funds create --name TEXT --min R --max R --days N --amount MINOR --issue MINOR
                                        a project whose term starts now and ends N days later
  funds settle ID --rate R              at or after term: every active order gets its principal and R % of it
  funds cancel ID [--reason TEXT]       every active order gets its principal back; no more purchases
`;

/** Minor units as the operator reads them: 500000 → 5000.00. */
const money = (minor: number) => (minor / 100).toFixed(2);

const summary = (f: OpsFund) =>
  [
    `${f.id}`,
    f.due ? 'DUE' : f.status,
    f.name,
    `${f.min_return}-${f.max_return}%`,
    `${f.investment_period}d`,
    `amount ${money(f.amount)}`,
    `sold ${money(f.sold_amount)}/${money(f.issue_amount)}`,
    `${f.active_orders} active`,
    `ends ${f.end_time}`,
    f.return_rate === null ? '' : `settled at ${f.return_rate}% (profit ${money(f.profit_paid)})`,
    f.cancel_reason ? `cancelled: ${f.cancel_reason}` : '',
  ]
    .filter(Boolean)
    .join('  ');

const STATUSES = ['open', 'settled', 'cancelled'] as const;
const number = (value: string | undefined, flag: string): number => {
  const n = Number(value);
  if (value === undefined || value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${flag} takes a number`);
  return n;
};

/** `npm run ops -- funds list | create | settle ID --rate R | cancel ID`. Returns the exit code. */
export async function fundsCommand(api: () => Promise<OpsApi>, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      const { values } = parseArgs({ args: rest, options: { status: { type: 'string' } }, strict: true });
      const status = values.status as (typeof STATUSES)[number] | undefined;
      if (status !== undefined && !STATUSES.includes(status)) throw new UsageError('--status takes open, settled or cancelled');
      const res = await (await api()).call(calls.opsFunds, { status, limit: 100 });
      console.log(res.rows.length ? res.rows.map(summary).join('\n') : '(none)');
      if (res.due) console.log(`${res.due} project(s) past term await settlement`);
      return 0;
    }
    case 'create': {
      const { values } = parseArgs({
        args: rest,
        options: {
          name: { type: 'string' },
          min: { type: 'string' },
          max: { type: 'string' },
          days: { type: 'string' },
          amount: { type: 'string' },
          issue: { type: 'string' },
        },
        strict: true,
      });
      if (!values.name?.trim()) throw new UsageError('--name TEXT is required');
      const f = await (
        await api()
      ).call(calls.opsFundCreate, {
        name: values.name,
        min_return: number(values.min, '--min'),
        max_return: number(values.max, '--max'),
        investment_period: number(values.days, '--days'),
        amount: number(values.amount, '--amount'),
        issue_amount: number(values.issue, '--issue'),
      });
      console.log(`fund ${f.id} created: ${summary(f)}`);
      return 0;
    }
    case 'settle': {
      const { values, positionals } = parseArgs({ args: rest, options: { rate: { type: 'string' } }, allowPositionals: true, strict: true });
      const id = idArg(positionals, 'funds settle');
      const f = await (await api()).call(calls.opsFundSettle, { return_rate: number(values.rate, '--rate') }, { id });
      console.log(`fund ${f.id} settled at ${f.return_rate}%: profit ${money(f.profit_paid)} paid with the principal`);
      return 0;
    }
    case 'cancel': {
      const { values, positionals } = parseArgs({ args: rest, options: { reason: { type: 'string' } }, allowPositionals: true, strict: true });
      const id = idArg(positionals, 'funds cancel');
      const f = await (await api()).call(calls.opsFundCancel, { reason: values.reason }, { id });
      console.log(`fund ${f.id} cancelled: principal returned to every active order`);
      return 0;
    }
    default:
      throw new UsageError(sub ? `unknown funds command "${sub}"` : 'funds takes list, create, settle or cancel');
  }
}
