import { z } from 'zod';
import { defineCall, NoInput } from './envelope';
import { opsRoutes } from './ops-routes';
import { routes } from './routes';
import { plainText } from './text';
import { TRADE_PASSWORD_LENGTH, ID_TYPES, compactIdNumber, UPLOAD_NAME } from './values/account';
import { Paging, statusFilter } from './market';
import { AnyPassword, NewPassword } from './rules';
import { OpsReason } from './wallet';
export * from './values/account';

// ---- Passwords (spec §5: change login password, transaction password) ----

export const TradePassword = z
  .string({ error: 'tradePasswordInvalid' })
  .regex(new RegExp(`^\\d{${TRADE_PASSWORD_LENGTH}}$`), 'tradePasswordInvalid');

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
  ...routes.passwordUp,
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
  ...routes.tradePasswordState,
  input: NoInput,
  output: TradePasswordState,
});

const PhotoUrl = z
  .string({ error: 'idPhotoRequired' })
  .min(1, 'idPhotoRequired')
  .max(200, 'uploadNotFound')
  .refine((v) => UPLOAD_NAME.test(v.slice(v.lastIndexOf('/') + 1)), 'uploadNotFound');

/** The spec's payload (real_name, id_number, both photos' URLs) plus the ID type; the deployment's ID rule is the server's. */
export const RealNameInput = z.strictObject({
  real_name: plainText(z.string({ error: 'requiredFields' }).trim().min(1, 'requiredFields').max(100, 'invalidInput').regex(/^[^<>]*$/, 'invalidInput')),
  id_type: z.enum(ID_TYPES, { error: 'invalidInput' }).default('idCard'),
  id_number: z.string({ error: 'requiredFields' }).max(64, 'invalidIdNumber').transform(compactIdNumber),
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
  ...routes.realNameAdd,
  input: RealNameInput,
  output: RealName,
});

/** The user's latest submission; null when there is none (the form is editable). */
export const realNameState = defineCall({
  ...routes.realNameState,
  input: NoInput,
  output: RealName.nullable(),
});

/** Multipart, one `file` field: a JPEG, PNG or WebP picture of at most UPLOAD_MAX_BYTES. */
export const upload = defineCall({
  ...routes.upload,
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
  ...opsRoutes.opsKycList,
  input: z.strictObject({ status: statusFilter(3), ...Paging }),
  output: z.object({ rows: z.array(OpsRealName), count: z.number().int() }),
});
export const opsKycGet = defineCall({ ...opsRoutes.opsKycGet, input: NoInput, output: OpsRealName });
export const opsKycApprove = defineCall({ ...opsRoutes.opsKycApprove, input: z.strictObject({}), output: OpsRealName });
export const opsKycReject = defineCall({ ...opsRoutes.opsKycReject, input: OpsReason, output: OpsRealName });
