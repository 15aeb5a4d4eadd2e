import { defineTexts } from '@invest/shared';
import { en } from './en';

/** shell's namespace: its English is in shell's bundle; each other language is a chunk of shell, loaded for the page that shows it. */
export const texts = defineTexts('shell', en, {
  zh: () => import(/* webpackChunkName: "i18n-shell-zh" */ './zh').then((m) => m.zh),
  es: () => import(/* webpackChunkName: "i18n-shell-es" */ './es').then((m) => m.es),
  de: () => import(/* webpackChunkName: "i18n-shell-de" */ './de').then((m) => m.de),
});
