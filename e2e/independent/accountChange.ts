/**
 * The change the account team makes in its checkout: the account page says since when the user is a member. It needs
 * what the page's shell does not have: a new call of the contract (and the API's answer to it, deployed first), a new
 * kit component, and a new text of mf-account's own, in its four languages. @invest/shared takes a minor version for
 * the call and the component. Each edit names the place it goes; one that no longer finds its place says so.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setVersion } from './teamCheckout';

/** What the account page shows with the change, in English, before the date. */
export const MEMBER_SINCE = 'Member since';
/** The new call's path under /api. */
export const MEMBER_SINCE_PATH = '/stock/success/v2/user/since';
/** The versions the change takes. */
export const CHANGED_VERSIONS = { shared: '1.1.0', account: '0.2.0' } as const;

function edit(checkout: string, file: string, anchor: string, change: (anchor: string) => string): void {
  const full = path.join(checkout, file);
  const text = fs.readFileSync(full, 'utf8');
  if (!text.includes(anchor)) throw new Error(`${file} no longer has ${JSON.stringify(anchor)}: update e2e/independent/accountChange.ts`);
  fs.writeFileSync(full, text.replace(anchor, change(anchor)));
}

const write = (checkout: string, file: string, text: string) => fs.writeFileSync(path.join(checkout, file), text);

const TEXTS = { en: MEMBER_SINCE, zh: '注册于', es: 'Miembro desde', de: 'Mitglied seit' } as const;

/** Makes the account team's change in `checkout`. */
export function makeAccountChange(checkout: string): void {
  // The contract: a new call, its route and its answer.
  edit(checkout, 'shared/src/contract/routes.ts', '} as const satisfies Record<string, Route>;', (a) => `  memberSince: { method: 'GET', path: '${MEMBER_SINCE_PATH}', auth: 'user' },\n${a}`);
  fs.appendFileSync(
    path.join(checkout, 'shared/src/contract/user.ts'),
    `\nexport const memberSince = defineCall({ ...routes.memberSince, input: NoInput, output: z.object({ since: z.string() }) });\n`,
  );
  fs.appendFileSync(path.join(checkout, 'shared/src/contract/calls.ts'), `export { memberSince } from './user';\n`);

  // The API answers it (deployed before the remote that calls it).
  edit(checkout, 'api/src/user/plugin.ts', "import { accountSummary } from './summary';", (a) => `${a}\nimport { findUserById } from '../auth/users';`);
  edit(checkout, 'api/src/user/plugin.ts', '  registerWalletStream(app);', (a) =>
    [
      '  route(app, calls.memberSince, async (_input, ctx) => {',
      '    const user = await findUserById(app.db, subjectOf(ctx).id);',
      "    if (!user) throw new ApiError(401, 'unauthorized');",
      '    return { since: user.createdAt.toISOString() };',
      '  });',
      '',
      a,
    ].join('\n'),
  );

  // The kit: a new component.
  write(
    checkout,
    'shared/src/ui/InfoNote.tsx',
    [
      "import type { ReactNode } from 'react';",
      '',
      '/** A line of information under a card: neither a warning nor an action. */',
      'export function InfoNote({ children }: { children: ReactNode }) {',
      "  return <p role=\"note\" style={{ margin: 'var(--space-3) var(--space-4) 0', padding: 'var(--space-3)', borderRadius: 'var(--radius-m)', background: 'var(--c-surface-2)', color: 'var(--c-text)' }}>{children}</p>;",
      '}',
      '',
    ].join('\n'),
  );
  fs.appendFileSync(path.join(checkout, 'shared/src/ui/index.ts'), `export { InfoNote } from './InfoNote';\n`);

  // mf-account: its text in its four languages, and the page that shows it.
  for (const [lang, text] of Object.entries(TEXTS)) edit(checkout, `mf-account/src/i18n/${lang}.ts`, '  account: {\n', (a) => `${a}    memberSince: '${text} {{date}}',\n`);
  write(
    checkout,
    'mf-account/src/account/MemberSince.tsx',
    [
      "import { useTranslation } from '@invest/runtime';",
      "import { calls, formatDate, InfoNote, useCall } from '@invest/shared';",
      '',
      '/** Since when the user has had an account. */',
      'export function MemberSince() {',
      "  const { t } = useTranslation('account');",
      '  const since = useCall(calls.memberSince);',
      "  return since.data ? <InfoNote>{t('account.memberSince', { date: formatDate(since.data.since) })}</InfoNote> : null;",
      '}',
      '',
    ].join('\n'),
  );
  edit(checkout, 'mf-account/src/account/AccountPage.tsx', "import { AccountMarkets } from './AccountMarkets';", (a) => `${a}\nimport { MemberSince } from './MemberSince';`);
  edit(checkout, 'mf-account/src/account/AccountPage.tsx', '      <section className={s.wallet}', (a) => `      <MemberSince />\n${a}`);

  // A minor of the library (it adds), which the remote now needs; the remote's own version.
  setVersion(checkout, 'shared', CHANGED_VERSIONS.shared, ['mf-account']);
  setVersion(checkout, 'mf-account', CHANGED_VERSIONS.account, []);
}

/** Builds against another major of the runtime: what a remote of a later platform generation would be. */
export function requireRuntimeMajor(checkout: string, major: number): void {
  setVersion(checkout, 'runtime', `${major}.0.0`, ['mf-account']);
}
