import { defineTexts } from '@invest/shared';
import { en } from './en';

/** The console's namespace: English in its bundle; each other language a chunk of its own, loaded for a page in it. */
export const texts = defineTexts('ops', en, {
  zh: () => import(/* webpackChunkName: "i18n-ops-zh" */ './zh').then((m) => m.zh),
  es: () => import(/* webpackChunkName: "i18n-ops-es" */ './es').then((m) => m.es),
  de: () => import(/* webpackChunkName: "i18n-ops-de" */ './de').then((m) => m.de),
});
