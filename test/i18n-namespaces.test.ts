/**
 * @jest-environment node
 *
 * Every app owns an i18next namespace (its `src/i18n/<language>.ts`), the shared library its own
 * (`shared/src/i18n/<language>.ts`). The other languages are typed to carry English's keys; this proves it at run
 * time too, and that what a screen asks for by a written key is in its namespace or the shared one.
 */
import fs from 'node:fs';
import path from 'node:path';
import { apps } from '../apps.json';
import { ERROR_KEYS } from '../shared/src/contract/errors';
import { LANGUAGES } from '../shared/src/i18n';

type Tree = { [k: string]: string | Tree };
const ROOT = path.resolve(__dirname, '..');
/** Each app's folder and the shared library's, with the folder of its texts. */
const OWNERS = [{ dir: 'shared', texts: 'shared/src/i18n' }, ...apps.map((a) => ({ dir: a.dir, texts: `${a.dir}/src/i18n` }))];

const textsOf = (dir: string): Record<string, Tree> =>
  Object.fromEntries(LANGUAGES.map((lng) => [lng, jest.requireActual<Record<string, Tree>>(path.join(ROOT, dir, `${lng}.ts`))[lng]!]));
const leaves = (t: Tree, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)));
const at = (t: Tree, key: string): string | Tree | undefined =>
  key.split('.').reduce<string | Tree | undefined>((node, k) => (typeof node === 'object' ? node[k] : undefined), t);

const shared = textsOf('shared/src/i18n');
/** The groups of every namespace: a quoted dotted name starting with one is a text key, whoever owns it. */
const GROUPS = new Set(OWNERS.flatMap(({ texts }) => Object.entries(textsOf(texts).en!).filter(([, v]) => typeof v === 'object').map(([k]) => k)));

describe.each(OWNERS)('$dir', ({ dir, texts }) => {
  const byLanguage = textsOf(texts);
  const english = leaves(byLanguage.en!).sort();

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly English keys, none empty', (lng) => {
    const t = byLanguage[lng]!;
    expect(leaves(t).sort()).toEqual(english);
    for (const key of leaves(t)) expect(String(at(t, key)).trim()).not.toBe('');
  });

  it('has every key its code writes out, in its namespace or the shared one', () => {
    const own = byLanguage.en!;
    const pools = dir === 'shared' ? [own] : [own, shared.en!];
    // A key is a quoted dotted name starting with a group: t('ticket.buy'), label: 'quick.ipo', t(`status.${s}`) (then
    // its fixed part must be a group). Another app's key fails: it is not in this app's namespace.
    const missing: string[] = [];
    for (const file of sources(path.join(ROOT, dir, 'src'))) {
      for (const [, key, dynamic] of fs.readFileSync(file, 'utf8').matchAll(/['"`]([a-zA-Z]+(?:\.[a-zA-Z0-9_]+)+)(\.\$\{)?/g)) {
        if (!GROUPS.has(key!.split('.')[0]!)) continue;
        const found = pools.some((t) => {
          const node = at(t, key!);
          return dynamic ? typeof node === 'object' : typeof node === 'string' || at(t, `${key}_other`) !== undefined;
        });
        if (!found) missing.push(`${path.relative(ROOT, file)}: ${key}${dynamic ? '.${…}' : ''}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'i18n' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

it('every error key the API can send has a message in the shared namespace', () => {
  for (const key of ERROR_KEYS) expect(typeof at(shared.en!, `hint.${key}`)).toBe('string');
});

it('nav labels fit the 6-character limit in every language', () => {
  const shell = textsOf('shell/src/i18n');
  for (const t of Object.values(shell)) {
    for (const label of Object.values(t.nav as Tree)) expect(Array.from(label as string).length).toBeLessThanOrEqual(6);
  }
});
