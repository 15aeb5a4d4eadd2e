import { section } from '../section';

/** Texts of the bank-cards screens (mf-account). */
export const bankCards = section({
  en: {},
  zh: {},
  es: {},
  de: {},
});
