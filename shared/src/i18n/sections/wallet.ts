import { section } from '../section';

/** Texts of the wallet remote: bills, recharge, withdraw, their records and details, loans. */
export const wallet = section({
  en: {},
  zh: {},
  es: {},
  de: {},
});
