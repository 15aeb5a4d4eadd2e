import { parseArgs } from 'node:util';
import { calls, IPO_STATUSES, type IpoStatusName, type OpsIpo } from '@invest/shared/contract';
import { idArg, UsageError } from '../../ops/money-commands';
import type { OpsApi } from '../../ops/remote';

export const IPO_USAGE = `IPOs (the running server's /api/ops, audited there):
  ipo list [--status STATUS]            issues, newest first (Upcoming, Forthcoming, Closed, Allotted, Cancelled)
  ipo create --symbol SYM --price P --min N --max N --start YYYY-MM-DD --end YYYY-MM-DD
             [--series EQ] [--company NAME] [--lot 100] [--status Upcoming]
                                        a new issue of a stock the market prices (min = max = 0: TBA)
  ipo status ID STATUS                  moves it (Forthcoming takes applications; Cancelled releases their money)
  ipo allot ID --shares N               allots it once: everyone in full when it fits, else a seeded draw of
                                        minimum lots; held money captured for the shares, the rest released
`;

const money = (minor: number) => (minor / 100).toFixed(2);
const quantities = (r: OpsIpo) => (r.min === 0 && r.max === 0 ? 'TBA' : `${r.min}-${r.max} by ${r.lot}`);
const summary = (r: OpsIpo) =>
  `${r.id}  ${r.symbol}  ${r.series}  ${r.status}  ${r.issue_price} ${r.currency}  ${quantities(r)}  ${r.issue_start_date}..${r.issue_end_date}  ` +
  `${r.applications} applications, ${r.applied_shares} shares, ${money(r.held)} held` +
  (r.allotted_at ? `  allotted ${r.shares_allotted}/${r.shares_offered}${r.draw_seed ? ` (seed ${r.draw_seed})` : ''}` : '');

const statusArg = (s: string | undefined): IpoStatusName => {
  const found = IPO_STATUSES.find((x) => x.toLowerCase() === s?.toLowerCase());
  if (!found) throw new UsageError(`STATUS is one of ${IPO_STATUSES.join(', ')}`);
  return found;
};

/** `npm run ops -- ipo list | create ... | status ID STATUS | allot ID --shares N`. Returns the exit code. */
export async function ipoCommand(api: () => Promise<OpsApi>, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      const { values } = parseArgs({ args: rest, options: { status: { type: 'string' } }, strict: true });
      const res = await (await api()).call(calls.opsIpos, { status: values.status === undefined ? undefined : statusArg(values.status), limit: 100 });
      console.log(res.rows.length ? res.rows.map(summary).join('\n') : '(none)');
      return 0;
    }
    case 'create': {
      const { values } = parseArgs({
        args: rest,
        options: {
          symbol: { type: 'string' },
          price: { type: 'string' },
          min: { type: 'string' },
          max: { type: 'string' },
          start: { type: 'string' },
          end: { type: 'string' },
          series: { type: 'string', default: 'EQ' },
          company: { type: 'string' },
          lot: { type: 'string' },
          status: { type: 'string' },
        },
        strict: true,
      });
      const missing = (['symbol', 'price', 'min', 'max', 'start', 'end'] as const).filter((k) => values[k] === undefined);
      if (missing.length) throw new UsageError(`ipo create needs ${missing.map((k) => `--${k}`).join(', ')}`);
      const r = await (await api()).call(calls.opsIpoCreate, {
        series: values.series,
        symbol: values.symbol!,
        company_name: values.company,
        issue_price: values.price,
        min: values.min,
        max: values.max,
        lot: values.lot,
        issue_start_date: values.start!,
        issue_end_date: values.end!,
        status: values.status === undefined ? undefined : statusArg(values.status),
      });
      console.log(`ipo ${r.id} created: ${summary(r)}`);
      return 0;
    }
    case 'status': {
      const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
      if (positionals.length !== 2) throw new UsageError('ipo status takes ID and STATUS');
      const r = await (await api()).call(calls.opsIpoStatus, { status: statusArg(positionals[1]) }, { id: idArg(positionals.slice(0, 1), 'ipo status') });
      console.log(`ipo ${r.id} is ${r.status}`);
      return 0;
    }
    case 'allot': {
      const { values, positionals } = parseArgs({ args: rest, options: { shares: { type: 'string' } }, allowPositionals: true, strict: true });
      if (values.shares === undefined) throw new UsageError('--shares N is required (the shares offered to retail)');
      const r = await (await api()).call(calls.opsIpoAllot, { shares: values.shares }, { id: idArg(positionals, 'ipo allot') });
      console.log(
        `ipo ${r.ipo.id} allotted: ${r.shares_allotted} of ${values.shares} shares to ${r.winners} of ${r.applications} applications ` +
          `(${r.applied_shares} applied for${r.oversubscribed ? `, oversubscribed: draw seed ${r.seed}` : ''}); ` +
          `${money(r.captured)} captured, ${money(r.released)} released`,
      );
      return 0;
    }
    default:
      throw new UsageError(sub ? `unknown ipo command "${sub}"` : 'ipo takes list, create, status or allot');
  }
}
