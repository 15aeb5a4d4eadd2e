import { defineTexts } from '@invest/shared';
import { en } from './en';

/** mf-trading's namespace: its English is in mf-trading's bundle; each other language is a chunk of mf-trading, loaded for the page that shows it. */
export const texts = defineTexts('trading', en, {
  zh: () => import(/* webpackChunkName: "i18n-trading-zh" */ './zh').then((m) => m.zh),
  es: () => import(/* webpackChunkName: "i18n-trading-es" */ './es').then((m) => m.es),
  de: () => import(/* webpackChunkName: "i18n-trading-de" */ './de').then((m) => m.de),
});
