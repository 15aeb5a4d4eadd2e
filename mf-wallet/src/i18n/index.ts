import { defineTexts } from '@invest/shared';
import { en } from './en';

/** mf-wallet's namespace: its English is in mf-wallet's bundle; each other language is a chunk of mf-wallet, loaded for the page that shows it. */
export const texts = defineTexts('wallet', en, {
  zh: () => import(/* webpackChunkName: "i18n-wallet-zh" */ './zh').then((m) => m.zh),
  es: () => import(/* webpackChunkName: "i18n-wallet-es" */ './es').then((m) => m.es),
  de: () => import(/* webpackChunkName: "i18n-wallet-de" */ './de').then((m) => m.de),
});
