import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { calls, OPERATOR_ROLES, type OperatorRole } from '@invest/shared/contract';
import { idArg, table, UsageError } from './money-commands';
import type { OpsApi } from './remote';

export const USERS_USAGE = `Users, operators and the audit log (the running server's /api/ops; audited):
  users [--q DIGITS]                    users whose phone or account number starts with DIGITS, newest first
  user ID                               a user's page: profile, real name, cards, wallet, latest records
  user-disable ID --reason TEXT         the user cannot log in and every session of theirs ends now (admin)
  user-enable ID                        lets them log in again (admin)
  operators                             every operator and their role (admin)
  operator-add NAME --role ROLE         a new operator (${OPERATOR_ROLES.join(', ')}); prints the password once (admin)
  audit [--action PREFIX] [--operator NAME] [--target TEXT] [--from ISO] [--to ISO] [--limit N]
                                        the audit log, newest first (admin)
  audit-export FILE [--action PREFIX] [--operator NAME] [--target TEXT] [--from ISO] [--to ISO]
                                        writes the filtered audit log as CSV (admin)`;

const AUDIT_FILTERS = { action: { type: 'string' }, operator: { type: 'string' }, target: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } } as const;

/** The back office's user and operator commands, each one call of the running server's /api/ops. Returns the exit code. */
export const USERS_COMMANDS: Record<string, (api: () => Promise<OpsApi>, args: string[]) => Promise<number>> = {
  async users(api, args) {
    const { values } = parseArgs({ args, options: { q: { type: 'string' } }, strict: true });
    const res = await (await api()).call(calls.opsUsers, { q: values.q });
    const lines = res.rows.map((u) => `${u.id}  ${u.user}  ${u.no}  ${(u.balance / 100).toFixed(2)}  ${u.disabled_at ? 'DISABLED' : 'active'}  since ${u.created_at.slice(0, 10)}`);
    console.log(lines.length ? `${lines.join('\n')}\n(${res.count} in all)` : '(none)');
    return 0;
  },
  async user(api, args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
    const u = await (await api()).call(calls.opsUser, {}, { id: idArg(positionals, 'user') });
    console.log(JSON.stringify(u, null, 2));
    return 0;
  },
  async 'user-disable'(api, args) {
    const { values, positionals } = parseArgs({ args, options: { reason: { type: 'string' } }, allowPositionals: true, strict: true });
    if (!values.reason?.trim()) throw new UsageError('--reason TEXT is required (it is audited)');
    const u = await (await api()).call(calls.opsUserDisable, { reason: values.reason }, { id: idArg(positionals, 'user-disable') });
    console.log(`user ${u.id} (${u.user}) disabled: every session ended`);
    return 0;
  },
  async 'user-enable'(api, args) {
    const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
    const u = await (await api()).call(calls.opsUserEnable, {}, { id: idArg(positionals, 'user-enable') });
    console.log(`user ${u.id} (${u.user}) may log in again`);
    return 0;
  },
  async operators(api, args) {
    parseArgs({ args, options: {}, strict: true });
    const rows = await (await api()).call(calls.opsOperators, {});
    console.log(rows.map((o) => `${o.id}  ${o.user}  ${o.role}  since ${o.created_at.slice(0, 10)}`).join('\n'));
    return 0;
  },
  async 'operator-add'(api, args) {
    const { values, positionals } = parseArgs({ args, options: { role: { type: 'string' } }, allowPositionals: true, strict: true });
    const [user, ...extra] = positionals;
    if (!user || extra.length) throw new UsageError('operator-add takes NAME --role ROLE');
    if (!OPERATOR_ROLES.includes(values.role as OperatorRole)) throw new UsageError(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
    const o = await (await api()).call(calls.opsOperatorCreate, { user, role: values.role as OperatorRole });
    console.log(`operator "${o.user}" created (id ${o.id}, ${o.role})\npassword: ${o.password}`);
    return 0;
  },
  async audit(api, args) {
    const { values } = parseArgs({ args, options: { ...AUDIT_FILTERS, limit: { type: 'string' } }, strict: true });
    const { limit, ...filters } = values;
    const res = await (await api()).call(calls.opsAudit, { ...filters, limit: limit === undefined ? undefined : Number(limit) });
    console.log(table(res.rows.map((r) => ({ ...r, detail: r.detail ? JSON.stringify(r.detail) : '' })), ['id', 'created_at', 'operator', 'action', 'target', 'detail']));
    return 0;
  },
  async 'audit-export'(api, args) {
    const { values, positionals } = parseArgs({ args, options: AUDIT_FILTERS, allowPositionals: true, strict: true });
    const [file, ...extra] = positionals;
    if (!file || extra.length) throw new UsageError('audit-export takes FILE');
    const out = await (await api()).call(calls.opsAuditExport, values);
    // `npm run ops -w @invest/api` runs in api/: a relative path means relative to where the operator typed it.
    const fullPath = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
    fs.writeFileSync(fullPath, out.csv);
    console.log(`${out.rows} row(s) written to ${fullPath}${out.truncated ? ' (more matched: narrow the filter for the rest)' : ''}`);
    return 0;
  },
};
