import type { z } from 'zod';

/*
 * What free text must not hold: control characters (C0 and C1), line and paragraph separators, and the invisible
 * format characters (Unicode's Cf) that change how the text around them shows — the bidirectional overrides,
 * embeddings, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), zero-width spaces, word
 * joiners, byte-order marks, soft hyphens, tag characters — so a name reads on an operator's screen as it was typed
 * (a U+202E before "oaR" shows it as "Rao"). Surrogates that pair with nothing are refused too.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
/** Kept: the zero-width non-joiner and joiner (emoji sequences, Indic and Persian scripts need them)... */
const JOINERS = /[\u200c\u200d]/gu;
/** ...and the tag characters of an emoji flag (a black flag, the region's tags, a cancel tag). */
const FLAG = /\u{1f3f4}[\u{e0020}-\u{e007e}]+\u{e007f}/gu;
/** Line breaks and tabs, in text that has lines (a chat message). */
const LAYOUT = /[\n\t]/g;

/** Whether `text` shows what it holds: nothing hidden in it but what `lines: 'many'` text may lay out with. */
export function showsAsTyped(text: string, lines: 'one' | 'many' = 'one'): boolean {
  // Each kept character becomes a space (not nothing), so removing it cannot pair up the halves of a surrogate.
  const kept = text.replace(FLAG, ' ').replace(JOINERS, ' ');
  return !HIDDEN.test(lines === 'many' ? kept.replace(LAYOUT, ' ') : kept);
}

/**
 * A free-text field a person types and another reads (a name, a card holder, a bank, a reason, a message): `text`
 * refusing hidden characters (see HIDDEN) with `invisibleCharacters`. Every such field of the contract goes through
 * here, so forms give the same message the API does.
 */
export const plainText = <T extends z.ZodString>(text: T, lines: 'one' | 'many' = 'one') => text.refine((s) => showsAsTyped(s, lines), 'invisibleCharacters');
