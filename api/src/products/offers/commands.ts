import { parseArgs } from 'node:util';
import { calls, type OpsOffer } from '@invest/shared/contract';
import { idArg, UsageError } from '../../ops/money-commands';
import type { OpsApi } from '../../ops/remote';

export const OFFERS_USAGE = `Block trading and QIP offers (the running server's /api/ops, audited there):
  offers list [--mold bulk|finalize] [--status 1|2]
                                        offers, newest first (1 open, 2 closed)
  offers create --code CODE --price P --window HH:MM-HH:MM [--window ...] [--mold bulk|finalize]
                [--min N] [--market US|IN] [--qualified-only]
                                        a new offer of a US or IN stock at block price P (its quote currency),
                                        bought in lots of at least N (100) during the windows (the market's time
                                        zone, every day); a QIP (--mold finalize) is always qualified-only
  offers close ID                       closes it: no longer listed or bought
  offers qualify USER_ID [--off]        marks the user qualified for qualified-only offers (QIPs), or not
`;

const STATUS: Record<number, string> = { 1: 'open', 2: 'closed' };

const summary = (o: OpsOffer) =>
  `${o.id}  ${o.mold}  ${o.tag} (${o.type})  ${o.price} ${o.currency}  min ${o.count}  ${o.windows.map((w) => `${w.open}-${w.close}`).join(',')} ${o.time_zone}` +
  `  ${STATUS[o.status] ?? o.status}${o.qualified_only ? '  qualified only' : ''}  ${o.orders} orders, ${o.shares} shares`;

/** `HH:MM-HH:MM` as the API's window; the API checks the times. */
function windowArg(text: string): { open: string; close: string } {
  const [open, close, ...rest] = text.split('-');
  if (open === undefined || close === undefined || rest.length) throw new UsageError(`--window takes HH:MM-HH:MM, not "${text}"`);
  return { open: open.trim(), close: close.trim() };
}

/** `npm run ops -- offers list | create ... | close ID | qualify USER_ID [--off]`. Returns the exit code. */
export async function offersCommand(api: () => Promise<OpsApi>, args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      const { values } = parseArgs({ args: rest, options: { mold: { type: 'string' }, status: { type: 'string' } }, strict: true });
      const input = { mold: values.mold as 'bulk' | 'finalize' | undefined, status: values.status === undefined ? undefined : Number(values.status) };
      const res = await (await api()).call(calls.opsOffers, input);
      console.log(res.rows.length ? res.rows.map(summary).join('\n') : '(none)');
      return 0;
    }
    case 'create': {
      const { values } = parseArgs({
        args: rest,
        options: {
          code: { type: 'string' },
          price: { type: 'string' },
          window: { type: 'string', multiple: true },
          mold: { type: 'string', default: 'bulk' },
          min: { type: 'string' },
          market: { type: 'string' },
          'qualified-only': { type: 'boolean' },
        },
        strict: true,
      });
      if (!values.code?.trim()) throw new UsageError('--code CODE is required');
      if (!values.price) throw new UsageError('--price P is required');
      if (!values.window?.length) throw new UsageError('--window HH:MM-HH:MM is required (once per window)');
      const o = await (await api()).call(calls.opsOfferCreate, {
        tag: values.code,
        mold: values.mold as 'bulk' | 'finalize',
        price: values.price,
        count: values.min,
        type: values.market as 'US' | 'IN' | undefined,
        windows: values.window.map(windowArg),
        qualified_only: values['qualified-only'],
      });
      console.log(`offer ${o.id} created: ${summary(o)}`);
      return 0;
    }
    case 'close': {
      const { positionals } = parseArgs({ args: rest, allowPositionals: true, strict: true });
      const o = await (await api()).call(calls.opsOfferClose, {}, { id: idArg(positionals, 'offers close') });
      console.log(`offer ${o.id} closed`);
      return 0;
    }
    case 'qualify': {
      const { values, positionals } = parseArgs({ args: rest, options: { off: { type: 'boolean' } }, allowPositionals: true, strict: true });
      const r = await (await api()).call(calls.opsUserQualified, { qualified: !values.off }, { id: idArg(positionals, 'offers qualify') });
      console.log(`user ${r.id} (${r.user}) ${r.qualified ? 'is' : 'is no longer'} a qualified investor`);
      return 0;
    }
    default:
      throw new UsageError(sub ? `unknown offers command "${sub}"` : 'offers takes list, create, close or qualify');
  }
}
