import { z } from 'zod';
import { defineCall, NoInput } from './envelope';
import { limitOf, Page } from './market';
import { OPERATOR_ROLES } from './route';
import { opsRoutes } from './ops-routes';
import { plainText } from './text';
import { AnyPassword, InviteCode } from './rules';

/** Operators log in by a user name, not a phone. */
export const OperatorName = z
  .string({ error: 'requiredFields' })
  .trim()
  .min(3, 'invalidAccountPassword')
  .max(64, 'invalidAccountPassword');

export const opsLogin = defineCall({
  ...opsRoutes.opsLogin,
  input: z.strictObject({ user: OperatorName, password: AnyPassword }),
  output: z.object({ token: z.string(), user: z.string(), expires_at: z.string() }),
});

/**
 * A withdrawal or loan at or above the deployment's four-eyes amount (setting four_eyes_min) waiting for its second
 * operator: who gave the first approval and when. Absent when there is none.
 */
export const FirstApproval = z.object({ operator: z.string(), at: z.string() });

export const OperatorRoleIn = z.enum(OPERATOR_ROLES, { error: 'operatorRoleInvalid' });

export const opsMe = defineCall({
  ...opsRoutes.opsMe,
  input: NoInput,
  output: z.object({ id: z.number().int(), user: z.string(), role: z.enum(OPERATOR_ROLES) }),
});

export const OperatorRow = z.object({ id: z.number().int(), user: z.string(), role: z.enum(OPERATOR_ROLES), created_at: z.string() });
export type OperatorRow = z.infer<typeof OperatorRow>;

/** GET /api/ops/operators: every operator, oldest first (admin). */
export const opsOperators = defineCall({
  ...opsRoutes.opsOperators,
  input: NoInput,
  output: z.array(OperatorRow),
});

/**
 * POST /api/ops/operators (admin): a new operator with `role`, answered with a generated password to hand over once
 * (it is stored only as a hash). Refusals: operatorNameTaken (409), operatorRoleInvalid (400).
 */
export const opsOperatorCreate = defineCall({
  ...opsRoutes.opsOperatorCreate,
  input: z.strictObject({ user: OperatorName.regex(/^[A-Za-z0-9._-]+$/, 'invalidInput'), role: OperatorRoleIn }),
  output: OperatorRow.extend({ password: z.string() }),
});

export const opsLogout = defineCall({
  ...opsRoutes.opsLogout,
  input: NoInput,
  output: z.literal('ok'),
});

export const AuditRow = z.object({
  id: z.number().int(),
  /** The operator's name; null for actions with no logged-in operator (CLI, seeding, failed logins). */
  operator: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});

/** The audit log's filters, shared by the page and its export. */
export const AuditFilters = {
  /** A dotted prefix of the action (recharge, loan.approve). */
  action: z.string({ error: 'invalidInput' }).trim().max(64, 'invalidInput').regex(/^[a-z._]*$/, 'invalidInput').optional(),
  /** The operator's name, exactly. */
  operator: z.string({ error: 'invalidInput' }).trim().max(64, 'invalidInput').optional(),
  /** Part of what the action was about: a user's phone or account number, `withdrawal 12`… */
  target: plainText(z.string({ error: 'invalidInput' }).trim().max(64, 'invalidInput')).optional(),
  /** Actions at or after this instant (ISO 8601). */
  from: z.iso.datetime({ offset: true, error: 'invalidInput' }).optional(),
  /** Actions before this instant (ISO 8601). */
  to: z.iso.datetime({ offset: true, error: 'invalidInput' }).optional(),
};

/** GET /api/ops/audit: the audit log, newest first, filtered. */
export const opsAudit = defineCall({
  ...opsRoutes.opsAudit,
  input: z.strictObject({
    ...AuditFilters,
    page: Page.default(1),
    limit: limitOf(200).default(50),
  }),
  output: z.object({ rows: z.array(AuditRow), count: z.number().int() }),
});

/** An invitation code: what registration asks for. `uses`: the users who registered with it. */
export const InvitationCodeRow = z.object({ code: z.string(), active: z.boolean(), uses: z.number().int(), created_at: z.string() });

/** GET /api/ops/invitation-codes: every code, newest first. */
export const opsInvitationCodes = defineCall({
  ...opsRoutes.opsInvitationCodes,
  input: NoInput,
  output: z.array(InvitationCodeRow),
});

/**
 * POST /api/ops/invitation-codes: creates the code, or turns an existing one on or off (`active`, default on);
 * audited. Registration matches a code exactly, the case of its letters included.
 */
export const opsInvitationCodeSave = defineCall({
  ...opsRoutes.opsInvitationCodeSave,
  input: z.strictObject({ code: InviteCode.regex(/^[A-Za-z0-9_-]+$/, 'invalidInvitationCode'), active: z.boolean({ error: 'invalidInput' }).default(true) }),
  output: InvitationCodeRow,
});
