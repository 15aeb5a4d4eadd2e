import { i18n, initReactI18next, storage, SESSION_KEYS } from '@invest/runtime';
import { en, type Messages } from './en';

export type { Messages } from './en';
export const LANGUAGES = ['en', 'zh', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The spec: only English is offered in the menu; the others ship but stay hidden until complete. */
export const SELECTABLE_LANGUAGES: readonly Language[] = ['en'];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);

export function storedLanguage(): Language {
  const v = storage.get(SESSION_KEYS.locale);
  return isLanguage(v) ? v : DEFAULT_LANGUAGE;
}

/** The one i18n instance of the page (@invest/runtime's, a federation singleton). */
export { i18n } from '@invest/runtime';
let ready: Promise<unknown> | null = null;

/**
 * Each language's texts. English is in the bundle (the default and the fallback); every other language is a chunk of
 * its own, so a page downloads only the language it shows (issue 9).
 */
const TEXTS: Record<Language, () => Promise<Messages>> = {
  en: async () => en,
  zh: () => import(/* webpackChunkName: "i18n-zh" */ './zh').then((m) => m.zh),
  es: () => import(/* webpackChunkName: "i18n-es" */ './es').then((m) => m.es),
  de: () => import(/* webpackChunkName: "i18n-de" */ './de').then((m) => m.de),
};

/** The stored language and its texts, loaded before init resolves so the page never shows English first. */
async function startingTexts(): Promise<{ lng: Language; texts: Messages }> {
  const lng = storedLanguage();
  try {
    return { lng, texts: await TEXTS[lng]() };
  } catch (e) {
    // A language chunk that cannot load (offline, a deploy in between) must not keep the app from starting.
    console.error(`[i18n] the ${lng} texts could not load; starting in English`, e);
    return { lng: DEFAULT_LANGUAGE, texts: en };
  }
}

export function initI18n(): Promise<unknown> {
  ready ??= startingTexts().then(({ lng, texts }) =>
    i18n.use(initReactI18next).init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      resources: { [DEFAULT_LANGUAGE]: { translation: en }, [lng]: { translation: texts } },
      interpolation: { escapeValue: false },
      returnNull: false,
    }),
  );
  return ready;
}

/** Store the choice and reload, as the spec says: every app starts again in the new language. */
export function changeLanguage(lng: Language): void {
  storage.set(SESSION_KEYS.locale, lng);
  window.location.reload();
}
