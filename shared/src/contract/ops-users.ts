import { z } from 'zod';
import { RealName } from './account';
import { BankCard } from './bank';
import { ChatMessage } from './chat';
import { defineCall, Minor, NoInput } from './envelope';
import { LoanRecord } from './loans';
import { limitOf, Page } from './market';
import { AuditFilters } from './ops';
import { opsRoutes } from './ops-routes';
import { Order } from './trading';
import { Bill, OpsReason } from './wallet';

/** A user as operators find them: who, since when, whether they may log in, their real-name state and money. */
export const OpsUserRow = z.object({
  id: z.number().int(),
  /** The phone they log in with. */
  user: z.string(),
  /** Their account number, as the app shows it. */
  no: z.string(),
  created_at: z.string(),
  /** When an operator disabled them; null while they may log in. */
  disabled_at: z.string().nullable(),
  /** REAL_NAME_STATUS of their latest submission; null when they never submitted one. */
  real_name_status: z.number().int().nullable(),
  /** Wallet balance (available and held), minor units. */
  balance: Minor,
});
export type OpsUserRow = z.infer<typeof OpsUserRow>;

/**
 * GET /api/ops/users: users whose phone or account number starts with `q` (digits), newest first; without `q`, every
 * user. Every operator may look users up: each queue needs the person behind a request.
 */
export const opsUsers = defineCall({
  ...opsRoutes.opsUsers,
  input: z.strictObject({
    q: z.string({ error: 'invalidInput' }).trim().max(20, 'invalidInput').regex(/^\+?\d*$/, 'invalidInput').optional(),
    page: Page.default(1),
    limit: limitOf(100).default(20),
  }),
  output: z.object({ rows: z.array(OpsUserRow), count: z.number().int() }),
});

/** What an operator sees on a user's page: the profile, the real name, the cards, the wallet, and the latest of the rest. */
export const OpsUserDetail = OpsUserRow.extend({
  real_name: RealName.nullable(),
  /** Marked a qualified investor by products: may buy a QIP and the offers for qualified investors only. */
  qualified: z.boolean(),
  cards: z.array(BankCard),
  wallet: z.object({ balance: Minor, held: Minor, available: Minor, currency: z.string() }),
  /** The latest ledger entries of the wallet, newest first. */
  bills: z.array(Bill),
  /** The latest orders (open and closed), newest first, valued at the engine's price. */
  orders: z.array(Order),
  loans: z.array(LoanRecord),
  /** The latest messages with customer service, oldest first. */
  chat: z.array(ChatMessage),
});
export type OpsUserDetail = z.infer<typeof OpsUserDetail>;

/** GET /api/ops/users/:id. */
export const opsUser = defineCall({ ...opsRoutes.opsUser, input: NoInput, output: OpsUserDetail });

/**
 * POST /api/ops/users/:id/disable (admin): the user cannot log in, and every session they have ends at once on every
 * API process; audited with the reason. POST .../enable lets them log in again. Both answer the user's row.
 */
export const opsUserDisable = defineCall({ ...opsRoutes.opsUserDisable, input: OpsReason, output: OpsUserRow });
export const opsUserEnable = defineCall({ ...opsRoutes.opsUserEnable, input: NoInput, output: OpsUserRow });

/** The most rows one export holds: a narrower filter gets the rest. */
export const AUDIT_EXPORT_MAX = 10_000;

/**
 * GET /api/ops/audit/export (admin): the filtered audit log as CSV text (a header row, then id, time, operator, action,
 * target and the detail as JSON), newest first, at most AUDIT_EXPORT_MAX rows; `truncated` says there were more.
 */
export const opsAuditExport = defineCall({
  ...opsRoutes.opsAuditExport,
  input: z.strictObject(AuditFilters),
  output: z.object({ csv: z.string(), rows: z.number().int(), truncated: z.boolean() }),
});
