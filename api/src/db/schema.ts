import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Timestamps are timestamptz so PGlite, PostgreSQL and JS agree on the instant whatever the server's zone.
const createdAt = () => timestamp('created_at', { withTimezone: true }).defaultNow().notNull();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  /** The 10-digit phone the user logs in with. */
  phone: text('phone').notNull().unique('users_phone_unique'),
  passwordHash: text('password_hash').notNull(),
  /** Public account number shown as the user's ID (8 digits); the serial id stays internal. */
  accountNo: text('account_no').notNull().unique('users_account_no_unique'),
  avatar: text('avatar'),
  createdAt: createdAt(),
});

export const invitationCodes = pgTable('invitation_codes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique('invitation_codes_code_unique'),
  active: boolean('active').notNull().default(true),
  uses: integer('uses').notNull().default(0),
  createdAt: createdAt(),
});

export const SUBJECT_KINDS = ['user', 'operator'] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number];

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    /** sha256 hex of the bearer token: a database leak does not leak working tokens. */
    tokenHash: text('token_hash').notNull().unique('auth_tokens_token_hash_unique'),
    subjectKind: text('subject_kind', { enum: SUBJECT_KINDS }).notNull(),
    subjectId: integer('subject_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    check('auth_tokens_subject_kind_check', sql`${t.subjectKind} in ('user', 'operator')`),
    // "Revoke every token of this user" (password reset) without a scan.
    index('auth_tokens_subject_idx').on(t.subjectKind, t.subjectId),
  ],
);

export const operators = pgTable('operators', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique('operators_username_unique'),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** Null for actions with no logged-in operator (CLI, seeding, failed logins). */
    operatorId: integer('operator_id').references(() => operators.id),
    action: text('action').notNull(),
    target: text('target'),
    detail: jsonb('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt)],
);

/** Public deployment settings (the spec's config call): tag/value rows, e.g. min_withdraw_count. */
export const settings = pgTable('settings', {
  tag: text('tag').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Ledger accounts. Money is integer minor units: bigint in the database, number in JS (exact up to 2^53).
 * User accounts (user_id set) can never go below zero; system accounts (user_id null, e.g. the
 * deposits clearing account) are the other side of double-entry transfers and may.
 * Only the ledger module writes `balance` (a later issue adds transfers and entries).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    /** 'wallet' for a user's available money; system kinds name their purpose. */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('accounts_user_balance_non_negative', sql`${t.userId} is null or ${t.balance} >= 0`),
    uniqueIndex('accounts_user_kind_currency_unique')
      .on(t.userId, t.kind, t.currency)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('accounts_system_kind_currency_unique')
      .on(t.kind, t.currency)
      .where(sql`${t.userId} is null`),
  ],
);

export type User = typeof users.$inferSelect;
export type Operator = typeof operators.$inferSelect;
export type Account = typeof accounts.$inferSelect;
