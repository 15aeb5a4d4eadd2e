import { defineTexts } from '@invest/shared';
import { en } from './en';

/** mf-products's namespace: its English is in mf-products's bundle; each other language is a chunk of mf-products, loaded for the page that shows it. */
export const texts = defineTexts('products', en, {
  zh: () => import(/* webpackChunkName: "i18n-products-zh" */ './zh').then((m) => m.zh),
  es: () => import(/* webpackChunkName: "i18n-products-es" */ './es').then((m) => m.es),
  de: () => import(/* webpackChunkName: "i18n-products-de" */ './de').then((m) => m.de),
});
