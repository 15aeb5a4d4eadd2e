import { ERROR_KEYS } from '../src/contract/errors';
import type { Language, Messages } from '../src/i18n';
import { de } from '../src/i18n/de';
import { en } from '../src/i18n/en';
import { es } from '../src/i18n/es';
import { zh } from '../src/i18n/zh';

// Every language, imported directly: a page loads only its own (index.ts), the test checks them all.
const texts: Record<Language, Messages> = { en, zh, es, de };

type Tree = { [k: string]: string | Tree };
const leaves = (t: Tree, prefix = ''): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`)));

const english = leaves(en as Tree).sort();

it.each(Object.keys(texts))('%s has every English key and no empty text', (lng) => {
  const t = texts[lng as Language] as Tree;
  expect(leaves(t).sort()).toEqual(english);
  for (const key of leaves(t)) {
    const text = key.split('.').reduce<string | Tree>((node, k) => (node as Tree)[k]!, t);
    expect(String(text).trim()).not.toBe('');
  }
});

it('every error key the API can send has a message', () => {
  for (const key of ERROR_KEYS) expect(english).toContain(`hint.${key}`);
});

it('nav labels fit the 6-character limit in every language', () => {
  for (const t of Object.values(texts)) {
    for (const label of Object.values(t.nav)) expect(Array.from(label).length).toBeLessThanOrEqual(6);
  }
});
