import type { TFunction } from 'i18next';

// Failures with no specific meaning for the user fall back to the screen's own "try again later" text.
const GENERIC = new Set(['network', 'timeout', 'serverError', 'badResponse']);

/** The text for a failed call: the server's specific reason (hint.<key>), or the screen's generic failure message. */
export function failureText(t: TFunction, key: string, generic: string): string {
  if (GENERIC.has(key)) return t(generic);
  return t(`hint.${key}`, { defaultValue: t(generic) });
}
