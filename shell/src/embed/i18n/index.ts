import { defineTexts } from '@invest/shared';
import { en } from './en';

/** iframe.html's namespace: English in its bundle, each other language a chunk of its own. */
export const texts = defineTexts('embed', en, {
  zh: () => import(/* webpackChunkName: "i18n-embed-zh" */ './zh').then((m) => m.zh),
  es: () => import(/* webpackChunkName: "i18n-embed-es" */ './es').then((m) => m.es),
  de: () => import(/* webpackChunkName: "i18n-embed-de" */ './de').then((m) => m.de),
});
