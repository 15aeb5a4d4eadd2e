// Deployment settings an operator changes and both the API and the web apps read: which languages the menu offers,
// and which sites may embed the app's widget page.

/** The app's languages; English is the default every text falls back to. */
export const LANGUAGES = ['en', 'zh', 'es', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE = 'en' satisfies Language;

/** The setting listing the languages the menu offers, comma-separated (`en,es`); unset: English only. */
export const LANGUAGES_SETTING = 'languages';
/** What the menu offers when the deployment chooses nothing: the spec's English only. */
export const SELECTABLE_LANGUAGES: readonly Language[] = [DEFAULT_LANGUAGE];

/**
 * The languages a setting's value offers, in the order given, or null when the value is not a valid list: known
 * codes, none twice, English among them (the default a visitor starts in and every text falls back to).
 */
export function languagesOf(value: string): Language[] | null {
  const codes = value.split(',').map((c) => c.trim());
  const known = (c: string): c is Language => (LANGUAGES as readonly string[]).includes(c);
  if (!codes.every(known) || new Set(codes).size !== codes.length || !codes.includes(DEFAULT_LANGUAGE)) return null;
  return codes;
}

/** The languages a deployment offers: its setting's, else SELECTABLE_LANGUAGES. */
export const offeredLanguages = (value: string | undefined): readonly Language[] => (value ? languagesOf(value) : null) ?? SELECTABLE_LANGUAGES;

/** The setting listing the sites that may frame the widget page (iframe.html), space-separated origins. */
export const EMBED_ORIGINS_SETTING = 'embed_origins';
const MAX_EMBED_ORIGINS = 20;

/** A host frame-ancestors takes: DNS labels (as the URL parser writes them: lower case, punycode), `*.` first at most. */
const HOST = /^(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*$/;

/**
 * One origin as frame-ancestors takes it (`https://partner.example`, `https://*.partner.example:8443`), written as the
 * URL parser serializes it, or null: http(s), a host of names and dots, a port, nothing else. The parser alone lets
 * through host characters a policy gives a meaning (`;`, `'`, `,`), which would add a source or a directive.
 */
export function embedOriginOf(token: string): string | null {
  const written = token.toLowerCase().replace(/\/$/, '');
  try {
    const url = new URL(written);
    return (url.protocol === 'https:' || url.protocol === 'http:') && HOST.test(url.hostname) && url.origin === written ? url.origin : null;
  } catch {
    return null;
  }
}

/** The origins a setting's value allows (`https://partner.example http://localhost:8080`), or null when one is not an origin. */
export function embedOriginsOf(value: string): string[] | null {
  const list = value.split(/\s+/).filter(Boolean);
  if (list.length === 0 || list.length > MAX_EMBED_ORIGINS) return null;
  const origins = list.map(embedOriginOf);
  return origins.every((o): o is string => o !== null) ? [...new Set(origins)] : null;
}
