import i18next, { type i18n as I18n } from 'i18next';

/**
 * The page's one i18next instance. Which texts it holds and when it starts is @invest/shared's business (initI18n);
 * that every app translates through this very instance is the runtime's.
 */
export const i18n: I18n = i18next.createInstance();

// What the apps use of react-i18next, bundled here (tree-shaken, never shared on its own): a second copy would have
// neither the page's instance nor its provider.
export { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
