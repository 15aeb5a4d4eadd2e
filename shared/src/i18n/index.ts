import { i18n, initReactI18next, storage, SESSION_KEYS } from '@invest/runtime';
import { en } from './en';
import type { Leaves } from './leaves';

import { DEFAULT_LANGUAGE, LANGUAGES, SELECTABLE_LANGUAGES, type Language } from '../contract/values/deployment';

export { DEFAULT_LANGUAGE, LANGUAGES, SELECTABLE_LANGUAGES, type Language };
/** A language whose texts are a chunk of their own, loaded only for the page that shows it. */
export type OtherLanguage = Exclude<Language, 'en'>;
/** The shared library's own namespace: what its components show and the contract's error messages. */
export const SHARED_NS = 'shared';

/** Each language in its own words, as a language menu lists them whatever the page's language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', zh: '中文', es: 'Español', de: 'Deutsch' };

export const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);

export function storedLanguage(): Language {
  const v = storage.get(SESSION_KEYS.locale);
  return isLanguage(v) ? v : DEFAULT_LANGUAGE;
}

/** The one i18n instance of the page (@invest/runtime's, a federation singleton). */
export { i18n } from '@invest/runtime';
let ready: Promise<unknown> | null = null;

/** The shared namespace's other languages, each a chunk of its own. */
const SHARED_TEXTS: Record<OtherLanguage, () => Promise<Leaves<typeof en>>> = {
  zh: () => import(/* webpackChunkName: "i18n-shared-zh" */ './zh').then((m) => m.zh),
  es: () => import(/* webpackChunkName: "i18n-shared-es" */ './es').then((m) => m.es),
  de: () => import(/* webpackChunkName: "i18n-shared-de" */ './de').then((m) => m.de),
};

/** The stored language and the shared texts in it, loaded before init resolves so the page never shows English first. */
async function startingTexts(): Promise<{ lng: Language; texts: Leaves<typeof en> }> {
  const lng = storedLanguage();
  if (lng === DEFAULT_LANGUAGE) return { lng, texts: en };
  try {
    return { lng, texts: await SHARED_TEXTS[lng]() };
  } catch (e) {
    // A language chunk that cannot load (offline, a deploy in between) must not keep the app from starting.
    console.error(`[i18n] the ${lng} texts could not load; starting in English`, e);
    return { lng: DEFAULT_LANGUAGE, texts: en };
  }
}

/** Resolves once the page's instance has started, whichever copy of this library started it. */
function started(): Promise<void> {
  if (i18n.isInitialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      i18n.off('initialized', done);
      resolve();
    };
    i18n.on('initialized', done);
  });
}

/**
 * Starts the page's i18n with the shared namespace. Every app adds its own namespace with `addTexts`; a key its
 * namespace lacks is looked up in the shared one (fallbackNS), so screens write `t('common.retry')` or
 * `t('hint.<errorKey>')` as they do their own keys.
 *
 * A page can hold two copies of this library (a remote built against a newer minor than the shell's brings its own),
 * and the instance is the page's: the copy that comes second must not start it again, which would drop every
 * namespace registered so far. It adds its shared texts to the started instance instead, keeping the page's.
 */
export function initI18n(): Promise<unknown> {
  ready ??= startingTexts().then(async ({ lng, texts }) => {
    if (!i18n.isInitialized && !i18n.isInitializing)
      return i18n.use(initReactI18next).init({
        lng,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        ns: [SHARED_NS],
        defaultNS: SHARED_NS,
        fallbackNS: SHARED_NS,
        resources: { [DEFAULT_LANGUAGE]: { [SHARED_NS]: en }, [lng]: { [SHARED_NS]: texts } },
        interpolation: { escapeValue: false },
        returnNull: false,
      });
    await started();
    i18n.addResourceBundle(DEFAULT_LANGUAGE, SHARED_NS, en, true, false);
    if (lng !== DEFAULT_LANGUAGE && i18n.language === lng) i18n.addResourceBundle(lng, SHARED_NS, texts, true, false);
  });
  return ready;
}

/** Store the choice and reload, as the spec says: every app starts again in the new language. */
export function changeLanguage(lng: Language): void {
  storage.set(SESSION_KEYS.locale, lng);
  window.location.reload();
}
