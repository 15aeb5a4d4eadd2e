import { z } from 'zod';
import { defineCall, NoInput } from './envelope';
import { limitOf, Page } from './market';
import { routes } from './routes';
import { AnyPassword, InviteCode } from './rules';

/** Operators log in by a user name, not a phone. */
export const OperatorName = z
  .string({ error: 'requiredFields' })
  .trim()
  .min(3, 'invalidAccountPassword')
  .max(64, 'invalidAccountPassword');

export const opsLogin = defineCall({
  ...routes.opsLogin,
  input: z.strictObject({ user: OperatorName, password: AnyPassword }),
  output: z.object({ token: z.string(), user: z.string(), expires_at: z.string() }),
});

export const opsMe = defineCall({
  ...routes.opsMe,
  input: NoInput,
  output: z.object({ id: z.number().int(), user: z.string() }),
});

export const opsLogout = defineCall({
  ...routes.opsLogout,
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

/** GET /api/ops/audit: the audit log, newest first; `action` filters by a dotted prefix (recharge, loan.approve). */
export const opsAudit = defineCall({
  ...routes.opsAudit,
  input: z.strictObject({
    action: z.string({ error: 'invalidInput' }).trim().max(64, 'invalidInput').regex(/^[a-z._]*$/, 'invalidInput').optional(),
    page: Page.default(1),
    limit: limitOf(200).default(50),
  }),
  output: z.object({ rows: z.array(AuditRow), count: z.number().int() }),
});

/** An invitation code: what registration asks for. `uses`: the users who registered with it. */
export const InvitationCodeRow = z.object({ code: z.string(), active: z.boolean(), uses: z.number().int(), created_at: z.string() });

/** GET /api/ops/invitation-codes: every code, newest first. */
export const opsInvitationCodes = defineCall({
  ...routes.opsInvitationCodes,
  input: NoInput,
  output: z.array(InvitationCodeRow),
});

/**
 * POST /api/ops/invitation-codes: creates the code, or turns an existing one on or off (`active`, default on);
 * audited. Registration matches a code exactly, the case of its letters included.
 */
export const opsInvitationCodeSave = defineCall({
  ...routes.opsInvitationCodeSave,
  input: z.strictObject({ code: InviteCode.regex(/^[A-Za-z0-9_-]+$/, 'invalidInvitationCode'), active: z.boolean({ error: 'invalidInput' }).default(true) }),
  output: InvitationCodeRow,
});
