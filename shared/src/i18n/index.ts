import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storage } from '../session/storage';
import { SESSION_KEYS } from '../session/session';
import { de } from './de';
import { en } from './en';
import { es } from './es';
import { zh } from './zh';
import { accountSecurity } from './sections/accountSecurity';
import { bankCards } from './sections/bankCards';
import { chat } from './sections/chat';
import { markets } from './sections/markets';
import { trading } from './sections/trading';
import { wallet } from './sections/wallet';

export type { Messages } from './en';
export const LANGUAGES = ['en', 'zh', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
/** The spec: only English is offered in the menu; the others ship but stay hidden until complete. */
export const SELECTABLE_LANGUAGES: readonly Language[] = ['en'];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Each language: its core texts plus every domain section (sections/*.ts), under the section's name. */
const withSections = <L extends Language, C>(lng: L, core: C) => ({
  ...core,
  markets: markets[lng],
  wallet: wallet[lng],
  bankCards: bankCards[lng],
  trading: trading[lng],
  chat: chat[lng],
  accountSecurity: accountSecurity[lng],
});
export const resources = {
  en: withSections('en', en),
  zh: withSections('zh', zh),
  es: withSections('es', es),
  de: withSections('de', de),
};

export const isLanguage = (v: unknown): v is Language => (LANGUAGES as readonly unknown[]).includes(v);

export function storedLanguage(): Language {
  const v = storage.get(SESSION_KEYS.locale);
  return isLanguage(v) ? v : DEFAULT_LANGUAGE;
}

/** The one i18n instance of the page (the package is a federation singleton). */
export const i18n: I18n = i18next.createInstance();
let ready: Promise<unknown> | null = null;

export function initI18n(): Promise<unknown> {
  ready ??= i18n.use(initReactI18next).init({
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: Object.fromEntries(Object.entries(resources).map(([lng, t]) => [lng, { translation: t }])),
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return ready;
}

/** Store the choice and reload, as the spec says: every app starts again in the new language. */
export function changeLanguage(lng: Language): void {
  storage.set(SESSION_KEYS.locale, lng);
  window.location.reload();
}
