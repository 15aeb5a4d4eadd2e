// Account: the contract's plain values (no zod), which the web apps' start may import.

/** Spec §9: the transaction password is 6 digits. */
export const TRADE_PASSWORD_LENGTH = 6;

/** Wrong transaction passwords in a row before it locks, and for how long (published in the lock message). */
export const TRADE_PASSWORD_MAX_FAILURES = 5;
export const TRADE_PASSWORD_LOCK_MINUTES = 15;

// ---- Real-name verification (spec §3, §4, §5) ----

export const ID_TYPES = ['idCard', 'driver', 'passport', 'other'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** 1 under review, 2 approved (spec §3); 3 rejected is ours: the operator's reason is shown and the user may submit again. */
export const REAL_NAME_STATUS = { review: 1, approved: 2, rejected: 3 } as const;

// Verhoeff's tables: the Aadhaar number's last digit checks the other eleven.
const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Verhoeff check of a digit string (its last digit is the check digit). */
function verhoeffValid(digits: string): boolean {
  let c = 0;
  for (let i = 0; i < digits.length; i++) c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![Number(digits[digits.length - 1 - i])]!]!;
  return c === 0;
}

/** Spaces and dashes people type inside ID numbers; the number is stored without them. */
export const compactIdNumber = (v: string) => v.replace(/[\s-]/g, '').toUpperCase();

/**
 * Aadhaar: 12 digits, not starting with 0 or 1, with its Verhoeff check digit. A number of the wrong length is told
 * so (invalidAadhaar); 12 digits that are no Aadhaar number, most often a mistyped digit, get their own message.
 */
function aadhaarIssue(v: string): string | null {
  if (!/^\d{12}$/.test(v)) return 'invalidAadhaar';
  return /^[2-9]/.test(v) && verhoeffValid(v) ? null : 'invalidAadhaarDigits';
}

/** PAN: five letters, four digits, one letter (ABCDE1234F). */
const panValid = (v: string) => /^[A-Z]{5}\d{4}[A-Z]$/.test(v);

/** Any other document: 4 to 32 letters or digits. */
const otherIdValid = (v: string) => /^[A-Z0-9]{4,32}$/.test(v);

/**
 * The ID number's rule for a type in a deployment: INR checks the Aadhaar (idCard) and the PAN (passport); every
 * other type, and every type in MXN, is 4-32 letters or digits. Returns the error key, or null when it passes.
 */
export function idNumberIssue(currency: string, type: IdType, idNumber: string): string | null {
  const v = compactIdNumber(idNumber);
  if (!v) return 'requiredFields';
  if (currency === 'INR' && type === 'idCard') return aadhaarIssue(v);
  if (currency === 'INR' && type === 'passport') return panValid(v) ? null : 'invalidPan';
  return otherIdValid(v) ? null : 'invalidIdNumber';
}

/** The ID number as every answer to the user shows it: its last 4 characters. */
export const maskIdNumber = (v: string) => `****${v.slice(-4)}`;

/** An uploaded picture's address as the upload call answered it (`/api/stock/success/upload/<name>`). */
export const UPLOAD_PATH = '/stock/success/upload';
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

/** Spec §9: the browser resizes to 1200×1200 at quality 0.8 and aims below 1 MB; the server takes at most 5 MB. */
export const IMAGE_MAX_SIDE = 1200;
export const IMAGE_QUALITY = 0.8;
export const IMAGE_TARGET_BYTES = 1024 * 1024;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
