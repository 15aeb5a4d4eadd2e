import './zod-config';
import { z } from 'zod';

/** A whole number as a form (or a query string) writes it: digits only, no sign, space, exponent, hex or point. */
const DIGITS = /^\d+$/;
/** A decimal as a form writes it: digits, then a point and more digits. */
const DECIMAL = /^\d+(?:\.\d+)?$/;

/** Reads text `pattern` allows as the number it says; leaves anything else for the number schema to refuse. */
const textAs = (pattern: RegExp) => (value: unknown) => (typeof value === 'string' && pattern.test(value) ? Number(value) : value);

/**
 * A whole-number field: a JSON number, or the digits a form sends, then checked by `number` (whose messages every
 * refusal carries). Nothing else is read as a number: `true`, `[16]`, `"0x10"`, `"1e4"` and `" 16"` are what
 * JavaScript's Number() (z.coerce) takes as 1, 16, 16, 10000 and 16.
 */
export const wholeNumber = <T extends z.ZodNumber>(number: T) => z.preprocess(textAs(DIGITS), number);

/** A decimal field (a price): a JSON number, or decimal digits as a form sends them, then checked by `number`. */
export const decimalNumber = <T extends z.ZodNumber>(number: T) => z.preprocess(textAs(DECIMAL), number);
