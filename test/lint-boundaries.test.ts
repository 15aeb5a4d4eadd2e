/**
 * @jest-environment node
 *
 * The composition boundaries are lint rules (eslint.config.mjs); this proves each one still fires on a violation and
 * stays quiet on the allowed form, so a config change cannot switch a boundary off unnoticed.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

interface Case {
  name: string;
  filePath: string;
  code: string;
  /** The rule that must fire, or null when the snippet is allowed. */
  rule: string | null;
}

const IMPORTS = 'boundaries/imports';
const LEDGER = 'boundaries/ledger-writes';
let imports = 0;
/** A module that imports `specifier` and uses it. */
const use = (...specifiers: string[]) =>
  specifiers.map((s) => `import * as m${++imports} from '${s}';\nexport const used${imports} = m${imports};\n`).join('');

const cases: Case[] = [
  // Remotes never import each other or the shell, by package name or by path.
  { name: 'remote → other remote by name', filePath: 'mf-markets/src/x.ts', code: use('mf-trading'), rule: IMPORTS },
  { name: 'remote → other remote by path', filePath: 'mf-markets/src/home/x.ts', code: use('../../../mf-wallet/src/App'), rule: IMPORTS },
  { name: 'remote → shell by path', filePath: 'mf-account/src/x.tsx', code: use('../../shell/src/routes'), rule: IMPORTS },
  { name: 'remote → shell lazily', filePath: 'mf-products/src/x.ts', code: "export const load = () => import('shell');\n", rule: IMPORTS },
  // TanStack Query, rxjs, i18next and react-i18next are bundled inside @invest/runtime: the others use its exports.
  { name: 'remote → TanStack Query', filePath: 'mf-wallet/src/x.ts', code: use('@tanstack/react-query'), rule: IMPORTS },
  { name: 'shell → TanStack Query', filePath: 'shell/src/x.ts', code: use('@tanstack/react-query'), rule: IMPORTS },
  { name: '@invest/shared → TanStack Query', filePath: 'shared/src/query/x.ts', code: use('@tanstack/react-query'), rule: IMPORTS },
  { name: '@invest/shared → its types', filePath: 'shared/src/query/x.ts', code: "import type { QueryKey } from '@tanstack/react-query';\nexport type K = QueryKey;\n", rule: null },
  { name: 'remote → react-i18next', filePath: 'mf-markets/src/x.ts', code: use('react-i18next'), rule: IMPORTS },
  { name: 'shell → rxjs', filePath: 'shell/src/x.ts', code: use('rxjs'), rule: IMPORTS },
  { name: 'remote → i18next', filePath: 'mf-wallet/src/x.ts', code: use('i18next'), rule: IMPORTS },
  { name: 'remote → the runtime', filePath: 'mf-markets/src/x.ts', code: use('@invest/runtime'), rule: null },
  { name: '@invest/runtime → TanStack Query, rxjs, react-i18next', filePath: 'runtime/src/x.ts', code: use('@tanstack/react-query', 'rxjs', 'react-i18next'), rule: null },
  { name: '@invest/runtime → @invest/shared', filePath: 'runtime/src/x.ts', code: use('@invest/shared'), rule: IMPORTS },
  { name: '@invest/runtime → a remote by path', filePath: 'runtime/src/x.ts', code: use('../../mf-markets/src/App'), rule: IMPORTS },
  { name: 'remote → zod', filePath: 'mf-account/src/x.ts', code: use('zod'), rule: IMPORTS },
  { name: 'shell → zod', filePath: 'shell/src/x.ts', code: use('zod'), rule: IMPORTS },
  { name: 'remote → the form schemas', filePath: 'mf-account/src/x.ts', code: use('@invest/shared/forms'), rule: null },
  { name: 'remote test → shell', filePath: 'mf-wallet/test/x.test.ts', code: use('../../shell/src/routes'), rule: IMPORTS },
  { name: 'remote → its own files and @invest/shared', filePath: 'mf-markets/src/home/x.ts', code: `${use('../lib/display')}import { Button } from '@invest/shared';\nexport const b = Button;\n`, rule: null },
  // Screens go through the hooks, never the bare API client.
  { name: 'screen → call()', filePath: 'mf-account/src/x.tsx', code: "import { call } from '@invest/shared';\nexport const c = call;\n", rule: 'no-restricted-imports' },
  { name: 'screen → the hooks', filePath: 'mf-account/src/x.tsx', code: "import { useCall, useUpload } from '@invest/shared';\nexport const h = [useCall, useUpload];\n", rule: null },

  // @invest/shared imports no app and no server code.
  { name: 'shared → a remote', filePath: 'shared/src/x.ts', code: use('mf-markets'), rule: IMPORTS },
  { name: 'shared → the shell by path', filePath: 'shared/src/ui/x.ts', code: use('../../../shell/src/apps'), rule: IMPORTS },
  { name: 'shared → the API', filePath: 'shared/src/x.ts', code: use('@invest/api'), rule: IMPORTS },
  { name: 'shared → fastify', filePath: 'shared/src/x.ts', code: use('fastify'), rule: IMPORTS },
  { name: 'shared → drizzle', filePath: 'shared/src/x.ts', code: use('drizzle-orm/pg-core'), rule: IMPORTS },
  { name: 'shared → pg', filePath: 'shared/src/x.ts', code: use('pg'), rule: IMPORTS },
  { name: 'shared → node:fs', filePath: 'shared/src/x.ts', code: use('node:fs'), rule: IMPORTS },
  { name: 'shared → crypto', filePath: 'shared/src/x.ts', code: use('crypto'), rule: IMPORTS },
  { name: 'shared → zod and its own files', filePath: 'shared/src/contract/x.ts', code: use('zod', './calls'), rule: null },

  // The API imports only the contract from @invest/shared.
  { name: 'API → @invest/shared root', filePath: 'api/src/x.ts', code: use('@invest/shared'), rule: IMPORTS },
  { name: 'API → @invest/shared/ui', filePath: 'api/src/x.ts', code: use('@invest/shared/ui'), rule: IMPORTS },
  { name: 'API → the contract by path', filePath: 'api/src/user/x.ts', code: use('../../../shared/src/contract'), rule: IMPORTS },
  { name: 'API → a remote', filePath: 'api/src/x.ts', code: use('mf-wallet'), rule: IMPORTS },
  { name: 'API → @invest/shared/contract', filePath: 'api/src/x.ts', code: use('@invest/shared/contract'), rule: null },

  // Only api/src/ledger writes the ledger's tables.
  ...['insert', 'update', 'delete'].map((op) => ({
    name: `API .${op}(accounts) outside the ledger`,
    filePath: 'api/src/wallet/x.ts',
    code: `import { accounts } from '../db/schema';\nexport const f = (db: any) => db.${op}(accounts);\n`,
    rule: LEDGER,
  })),
  { name: 'API .insert(schema.ledgerEntries)', filePath: 'api/src/x.ts', code: 'export const f = (db: any, schema: any) => db.insert(schema.ledgerEntries).values({});\n', rule: LEDGER },
  { name: 'API raw SQL update of accounts', filePath: 'api/src/x.ts', code: 'export const f = (db: any, sql: any) => db.execute(sql`UPDATE accounts SET balance = 0`);\n', rule: LEDGER },
  { name: 'API raw SQL insert into ledger_holds', filePath: 'api/src/x.ts', code: "export const q = 'insert into \"ledger_holds\" (amount) values (1)';\n", rule: LEDGER },
  { name: 'API raw SQL delete from ${ledgerTransfers}', filePath: 'api/src/x.ts', code: 'export const f = (sql: any, ledgerTransfers: any) => sql`delete from ${ledgerTransfers} where id = 1`;\n', rule: LEDGER },
  { name: 'API reads accounts', filePath: 'api/src/user/x.ts', code: 'export const f = (db: any, sql: any, accounts: any) => [db.select().from(accounts), sql`select balance from ${accounts}`];\n', rule: null },
  { name: 'API writes other tables', filePath: 'api/src/x.ts', code: 'export const f = (db: any, news: any) => db.update(news).set({});\n', rule: null },
  { name: 'ledger writes accounts', filePath: 'api/src/ledger/x.ts', code: 'export const f = (db: any, sql: any, accounts: any) => [db.update(accounts), sql`update accounts set held = 0`];\n', rule: null },
];

const ROOT = path.resolve(__dirname, '..');
const found = JSON.parse(
  execFileSync(process.execPath, [path.join(__dirname, 'lint-snippets.mjs')], { cwd: ROOT, input: JSON.stringify(cases), encoding: 'utf8' }),
) as string[][];

it.each(cases.map((c, i) => [c.name, c, found[i]!] as const))('%s', (_name, c, rules) => {
  expect(rules).not.toContain('fatal');
  if (c.rule) expect(rules).toContain(c.rule);
  else expect(rules.filter((r) => r.startsWith('boundaries/') || r === 'no-restricted-imports')).toEqual([]);
});
