import { defineTexts } from '@invest/shared';
import { en } from './en';

/** mf-markets's namespace: its English is in mf-markets's bundle; each other language is a chunk of mf-markets, loaded for the page that shows it. */
export const texts = defineTexts('markets', en, {
  zh: () => import(/* webpackChunkName: "i18n-markets-zh" */ './zh').then((m) => m.zh),
  es: () => import(/* webpackChunkName: "i18n-markets-es" */ './es').then((m) => m.es),
  de: () => import(/* webpackChunkName: "i18n-markets-de" */ './de').then((m) => m.de),
});
