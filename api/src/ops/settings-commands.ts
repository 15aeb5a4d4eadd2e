import { parseArgs } from 'node:util';
import { calls, USDT_RATE_SETTING } from '@invest/shared/contract';
import { UsageError } from './money-commands';
import type { OpsApi } from './remote';

export const SETTINGS_USAGE = `Settings (the running server's /api/ops; audited):
  settings                              the settings operators may change, with their values ('' unset)
  setting-set TAG VALUE                 sets one ('' clears it: the default applies), e.g.
                                        setting-set min_withdraw_count 100   (whole units)
                                        setting-set ${USDT_RATE_SETTING} 8835   (minor units per 1 USDT: 88.35)
                                        setting-set trade_fee_bps 3         (fee 0.03%; also trade_fee_min in whole units,
                                        trade_price_collar_bps, trade_fx_max_age_seconds)
  invites                               the invitation codes: active or off, and how many registered with each
  invite CODE [--off]                   creates the code (letters, digits, _ and -), or turns it back on; --off turns
                                        it off (registration refuses it; who registered with it stays)`;

/** The operator's settings commands, each one call of the running server's /api/ops. Returns the exit code. */
export const SETTINGS_COMMANDS: Record<string, (api: () => Promise<OpsApi>, args: string[]) => Promise<number>> = {
  async settings(api, args) {
    parseArgs({ args, options: {}, strict: true });
    const rows = await (await api()).call(calls.opsSettings, {});
    const width = Math.max(...rows.map((r) => r.tag.length));
    console.log(rows.map((r) => `${r.tag.padEnd(width)}  ${r.value}`.trimEnd()).join('\n'));
    return 0;
  },
  async invites(api, args) {
    parseArgs({ args, options: {}, strict: true });
    const rows = await (await api()).call(calls.opsInvitationCodes, {});
    console.log(rows.length ? rows.map((r) => `${r.code}  ${r.active ? 'active' : 'off'}  ${r.uses} use(s)  since ${r.created_at.slice(0, 10)}`).join('\n') : '(none)');
    return 0;
  },
  async invite(api, args) {
    const { values, positionals } = parseArgs({ args, options: { off: { type: 'boolean' } }, allowPositionals: true, strict: true });
    const [code, ...extra] = positionals;
    if (!code || extra.length) throw new UsageError('invite takes CODE [--off]');
    const r = await (await api()).call(calls.opsInvitationCodeSave, { code, active: !values.off });
    console.log(`invitation code ${r.code} ${r.active ? 'active' : 'off'} (${r.uses} use(s))`);
    return 0;
  },
  async 'setting-set'(api, args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
    const [tag, value, ...extra] = positionals;
    if (!tag || value === undefined || extra.length) throw new UsageError('setting-set takes TAG VALUE');
    const r = await (await api()).call(calls.opsSettingSet, { tag, value });
    console.log(r.value ? `${r.tag} = ${r.value}` : `${r.tag} cleared`);
    return 0;
  },
};
