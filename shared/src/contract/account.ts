import { z } from 'zod';
import { defineCall, NoInput } from './envelope';
import { Paging, statusFilter } from './market';
import { AnyPassword, NewPassword } from './rules';
import { OpsReason } from './wallet';

// ---- Passwords (spec §5: change login password, transaction password) ----

/** Spec §9: the transaction password is 6 digits. */
export const TRADE_PASSWORD_LENGTH = 6;
export const TradePassword = z
  .string({ error: 'tradePasswordInvalid' })
  .regex(new RegExp(`^\\d{${TRADE_PASSWORD_LENGTH}}$`), 'tradePasswordInvalid');

/** Wrong transaction passwords in a row before it locks, and for how long (published in the lock message). */
export const TRADE_PASSWORD_MAX_FAILURES = 5;
export const TRADE_PASSWORD_LOCK_MINUTES = 15;

/** The login variant of the spec's payload: current password and the new one (the confirm field stays in the form). */
export const LoginPasswordChange = z.strictObject({
  type: z.literal('login').optional(),
  password: AnyPassword,
  password_new: z.string({ error: 'newPasswordRequired' }).min(1, 'newPasswordRequired').pipe(NewPassword),
});

/** The transaction variant: set it the first time (`is_first`), or change it with the login password. */
export const TradePasswordChange = z.strictObject({
  type: z.literal('transaction'),
  fund_code_new: TradePassword,
  is_first: z.boolean({ error: 'invalidInput' }),
  /** The login password; required to modify (is_first false). */
  password: AnyPassword.optional(),
});

export const passwordUp = defineCall({
  method: 'POST',
  path: '/stock/success/user/password/up',
  auth: 'user',
  input: z.discriminatedUnion('type', [LoginPasswordChange, TradePasswordChange], { error: 'invalidInput' }),
  /** The key of the success text the screen shows (account.passwordChanged, ...). */
  output: z.enum(['passwordChanged', 'tradePasswordSet', 'tradePasswordModified']),
});

export const TradePasswordState = z.object({
  /** A transaction password exists: the dialog modifies it (with the login password) instead of setting it. */
  is_set: z.boolean(),
  /** Until when wrong attempts have locked it (ISO), else null. */
  locked_until: z.string().nullable(),
});
export type TradePasswordState = z.infer<typeof TradePasswordState>;

export const tradePasswordState = defineCall({
  method: 'GET',
  path: '/stock/success/user/password/state',
  auth: 'user',
  input: NoInput,
  output: TradePasswordState,
});

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
const compact = (v: string) => v.replace(/[\s-]/g, '').toUpperCase();

/** Aadhaar: 12 digits, not starting with 0 or 1, with its Verhoeff check digit. */
const aadhaarValid = (v: string) => /^[2-9]\d{11}$/.test(v) && verhoeffValid(v);
/** PAN: five letters, four digits, one letter (ABCDE1234F). */
const panValid = (v: string) => /^[A-Z]{5}\d{4}[A-Z]$/.test(v);
/** Any other document: 4 to 32 letters or digits. */
const otherIdValid = (v: string) => /^[A-Z0-9]{4,32}$/.test(v);

/**
 * The ID number's rule for a type in a deployment: INR checks the Aadhaar (idCard) and the PAN (passport); every
 * other type, and every type in MXN, is 4-32 letters or digits. Returns the error key, or null when it passes.
 */
export function idNumberIssue(currency: string, type: IdType, idNumber: string): string | null {
  const v = compact(idNumber);
  if (!v) return 'requiredFields';
  if (currency === 'INR' && type === 'idCard') return aadhaarValid(v) ? null : 'invalidAadhaar';
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

const PhotoUrl = z
  .string({ error: 'idPhotoRequired' })
  .min(1, 'idPhotoRequired')
  .max(200, 'uploadNotFound')
  .refine((v) => UPLOAD_NAME.test(v.slice(v.lastIndexOf('/') + 1)), 'uploadNotFound');

/** The spec's payload (real_name, id_number, both photos' URLs) plus the ID type; the deployment's ID rule is the server's. */
export const RealNameInput = z.strictObject({
  real_name: z
    .string({ error: 'requiredFields' })
    .trim()
    .min(1, 'requiredFields')
    .max(100, 'invalidInput')
    .regex(/^[^\p{Cc}<>]*$/u, 'invalidInput'),
  id_type: z.enum(ID_TYPES, { error: 'invalidInput' }).default('idCard'),
  id_number: z.string({ error: 'requiredFields' }).max(64, 'invalidIdNumber').transform(compact),
  id_number_img: PhotoUrl,
  id_number_img_two: PhotoUrl,
});

export const RealName = z.object({
  id: z.number().int(),
  /** REAL_NAME_STATUS. */
  status: z.number().int(),
  real_name: z.string(),
  id_type: z.enum(ID_TYPES),
  /** Masked to its last 4 characters. */
  id_number: z.string(),
  id_number_img: z.string(),
  id_number_img_two: z.string(),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
});
export type RealName = z.infer<typeof RealName>;

export const realNameAdd = defineCall({
  method: 'POST',
  path: '/stock/success/autonomy/add',
  auth: 'user',
  input: RealNameInput,
  output: RealName,
});

/** The user's latest submission; null when there is none (the form is editable). */
export const realNameState = defineCall({
  method: 'GET',
  path: '/stock/success/autonomy/state',
  auth: 'user',
  input: NoInput,
  output: RealName.nullable(),
});

/** Multipart, one `file` field: a JPEG, PNG or WebP picture of at most UPLOAD_MAX_BYTES. */
export const upload = defineCall({
  method: 'POST',
  path: UPLOAD_PATH,
  auth: 'user',
  input: NoInput,
  output: z.object({ url: z.string() }),
});

export const OpsRealName = RealName.extend({
  /** The whole ID number (operators check it against the photos). */
  id_number: z.string(),
  user: z.string(),
  user_id: z.number().int(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type OpsRealName = z.infer<typeof OpsRealName>;

export const opsKycList = defineCall({
  method: 'GET',
  path: '/ops/kyc',
  auth: 'operator',
  input: z.strictObject({ status: statusFilter(3), ...Paging }),
  output: z.object({ rows: z.array(OpsRealName), count: z.number().int() }),
});
export const opsKycGet = defineCall({ method: 'GET', path: '/ops/kyc/:id', auth: 'operator', input: NoInput, output: OpsRealName });
export const opsKycApprove = defineCall({ method: 'POST', path: '/ops/kyc/:id/approve', auth: 'operator', input: z.strictObject({}), output: OpsRealName });
export const opsKycReject = defineCall({ method: 'POST', path: '/ops/kyc/:id/reject', auth: 'operator', input: OpsReason, output: OpsRealName });
