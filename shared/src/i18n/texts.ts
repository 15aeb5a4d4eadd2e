import type { LifeCycles } from 'single-spa';
import { DEFAULT_LANGUAGE, i18n, initI18n, storedLanguage, type OtherLanguage } from './index';
import type { Leaves } from './leaves';

/**
 * An app's namespace: English in the app's own bundle (the reference and the fallback), each other language a lazy
 * chunk of the app, so a remote deployed alone brings its texts with it and a page downloads only its language.
 */
export interface Texts {
  readonly ns: string;
  readonly en: object;
  readonly others: Readonly<Record<OtherLanguage, () => Promise<object>>>;
}

/** An app's texts (its `src/i18n/index.ts`); every other language carries exactly English's keys (`Leaves`). */
export function defineTexts<T extends object>(ns: string, en: T, others: Record<OtherLanguage, () => Promise<Leaves<T>>>): Texts {
  return { ns, en, others };
}

/**
 * Registers a namespace in English and in the page's language, once the page's i18n has started; what shows them
 * waits for it, so it never draws raw keys or English first. The language's chunk is fetched while i18n starts. One
 * that cannot load leaves the namespace in English (the fallback) rather than keep its app from starting.
 */
export async function addTexts({ ns, en, others }: Texts): Promise<void> {
  const lng = storedLanguage();
  const own =
    lng === DEFAULT_LANGUAGE
      ? undefined
      : others[lng]().catch((e: unknown) => {
          console.error(`[i18n] the ${lng} texts of ${ns} could not load; they show in English`, e);
          return undefined;
        });
  await initI18n();
  i18n.addResourceBundle(DEFAULT_LANGUAGE, ns, en, true, false);
  const texts = await own;
  if (texts && i18n.language === lng) i18n.addResourceBundle(lng, ns, texts, true, false);
}

/** A remote's lifecycles whose bootstrap first registers its texts, so its first mount draws them. */
export function withTexts<P>(texts: Texts, lifecycles: LifeCycles<P>): LifeCycles<P> {
  return { ...lifecycles, bootstrap: [() => addTexts(texts), ...[lifecycles.bootstrap].flat()] };
}
