import { defineTexts } from '@invest/shared';
import { en } from './en';

/** mf-account's namespace: its English is in mf-account's bundle; each other language is a chunk of mf-account, loaded for the page that shows it. */
export const texts = defineTexts('account', en, {
  zh: () => import(/* webpackChunkName: "i18n-account-zh" */ './zh').then((m) => m.zh),
  es: () => import(/* webpackChunkName: "i18n-account-es" */ './es').then((m) => m.es),
  de: () => import(/* webpackChunkName: "i18n-account-de" */ './de').then((m) => m.de),
});
