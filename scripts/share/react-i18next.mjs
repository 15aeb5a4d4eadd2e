// What the apps use of react-i18next, provided to the federation share scope as `react-i18next` (see SHARE_FACADES
// in webpack.shared.js): the hook, the provider and the i18next plugin, without Trans and its HTML parser (~7 KB
// brotli). Imported by file (react-i18next-files: an alias in webpack.shared.js for the package's dist/es): importing
// `react-i18next` here would consume this very module. Plain JavaScript, as those files have no type declarations;
// test/share-facades.test.ts keeps the list complete.
export { useTranslation } from 'react-i18next-files/useTranslation.js';
export { I18nextProvider } from 'react-i18next-files/I18nextProvider.js';
export { initReactI18next } from 'react-i18next-files/initReactI18next.js';
