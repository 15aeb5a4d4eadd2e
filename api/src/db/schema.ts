import { sql } from 'drizzle-orm';
import type { OperatorRole } from '@invest/shared/contract';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
  /** Set by an operator: the user cannot log in and every token they had was revoked at that moment. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
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

export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique('operators_username_unique'),
    passwordHash: text('password_hash').notNull(),
    /** One of the contract's OPERATOR_ROLES; operators made before roles existed could do everything: admin. */
    role: text('role').$type<OperatorRole>().notNull().default('admin'),
    createdAt: createdAt(),
  },
  (t) => [check('operators_role', sql`${t.role} in ('support', 'finance', 'products', 'admin')`)],
);

/**
 * The first of two operators' approvals of a request at or above the four-eyes amount (a withdrawal's payout, a
 * loan's approval): the request stays in progress until a different operator gives the second. `amount` is what the
 * first operator saw; the second is refused when the request no longer matches it.
 */
export const fourEyesApprovals = pgTable(
  'four_eyes_approvals',
  {
    kind: text('kind').notNull(),
    recordId: integer('record_id').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.recordId] }), check('four_eyes_approvals_kind', sql`${t.kind} in ('withdrawal', 'loan')`)],
);

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
    /** Reserved by pending holds (orders, applications): available = balance - held. Never a transfer of its own. */
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('accounts_user_balance_non_negative', sql`${t.userId} is null or ${t.balance} >= 0`),
    check('accounts_held_within_balance', sql`${t.held} >= 0 and (${t.userId} is null or ${t.held} <= ${t.balance})`),
    uniqueIndex('accounts_user_kind_currency_unique')
      .on(t.userId, t.kind, t.currency)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('accounts_system_kind_currency_unique')
      .on(t.kind, t.currency)
      .where(sql`${t.userId} is null`),
  ],
);

/**
 * One movement of money between two accounts: the ledger's unit of change. Append-only: a mistake is corrected by
 * another transfer. The idempotency key makes a replay return the first transfer; `request_hash` tells a replay
 * from a different request that reused the key.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique('ledger_transfers_idempotency_key_unique'),
    requestHash: text('request_hash').notNull(),
    /** The bill reason the user sees (recharge, withdraw, borrow, ...). */
    reason: text('reason').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    debitAccountId: integer('debit_account_id')
      .notNull()
      .references(() => accounts.id),
    creditAccountId: integer('credit_account_id')
      .notNull()
      .references(() => accounts.id),
    /** The hold this transfer captured, if any. */
    holdId: integer('hold_id').references(() => ledgerHolds.id),
    /** What the transfer is about (a recharge id, an order number): for operators and the records screens. */
    ref: text('ref'),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_two_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    uniqueIndex('ledger_transfers_hold_unique').on(t.holdId).where(sql`${t.holdId} is not null`),
  ],
);

/** Both sides of every transfer: amount is signed (debit negative), balance_after is the account's after it. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_amount_nonzero', sql`${t.amount} <> 0`),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    index('ledger_entries_transfer_idx').on(t.transferId),
  ],
);

/**
 * Money reserved on an account (pending), later captured by one transfer or released, exactly once. The account's
 * `held` is the sum of its pending holds.
 */
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique('ledger_holds_idempotency_key_unique'),
    requestHash: text('request_hash').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** pending, captured or released. */
    status: text('status').notNull().default('pending'),
    ref: text('ref'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('ledger_holds_amount_positive', sql`${t.amount} > 0`),
    check('ledger_holds_status', sql`${t.status} in ('pending', 'captured', 'released')`),
    check('ledger_holds_settled_at', sql`(${t.status} = 'pending') = (${t.settledAt} is null)`),
  ],
);

/**
 * Imported daily history (ops CLI `import-history`), one row per symbol and trading date. The market engine loads
 * it at start (DbHistoryStore) and simulates onwards from the last imported close. Prices are the instrument's
 * quote currency as floats: these are market prices, not money in anyone's account.
 */
export const priceHistory = pgTable(
  'price_history',
  {
    symbol: text('symbol').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'price_history_pk', columns: [t.symbol, t.day] }),
    check(
      'price_history_ohlc_check',
      sql`${t.low} > 0 and ${t.low} <= least(${t.open}, ${t.close}) and ${t.high} >= greatest(${t.open}, ${t.close}) and ${t.volume} >= 0`,
    ),
  ],
);

/**
 * News articles. `content` is HTML sanitized on write. Deleting sets `deleted_at` (the row and its audit trail
 * stay; readers never see it). `seed_key` marks a demo article, so seeding is idempotent and an article an
 * operator deleted is not brought back by the next start.
 */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    subhead: text('subhead').notNull().default(''),
    img: text('img').notNull().default(''),
    content: text('content').notNull(),
    seedKey: text('seed_key').unique('news_seed_key_unique'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  // The list: live articles, newest first.
  (t) => [index('news_live_created_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.deletedAt} is null`)],
);

/** A user's watchlist (the spec's collection): one row per user and canonical symbol. */
export const watchlist = pgTable(
  'watchlist',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Adding twice keeps one row (insert ... on conflict do nothing), also under concurrent taps.
    uniqueIndex('watchlist_user_symbol_unique').on(t.userId, t.symbol),
    // The list: newest first per user.
    index('watchlist_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * What each Idempotency-Key was first sent with: its caller, the call and the fingerprint of the call's parsed input.
 * A money call claims its key here, in a statement of its own, before its handler runs; from then on the key answers
 * only that call with that input (a replay), and anything else under it is refused. Rows are never deleted: a key
 * books one request, ever.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>` (the route's subject): two callers' keys never meet. */
    caller: text('caller').notNull(),
    /** The Idempotency-Key header as the client sent it. */
    key: text('key').notNull(),
    /** The call it was sent to: `POST /stock/success/deal/sell`. */
    call: text('call').notNull(),
    /** sha256 (hex) of the parsed input as canonical JSON. */
    fingerprint: text('fingerprint').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.caller, t.key] })],
);

export type User = typeof users.$inferSelect;
export type Operator = typeof operators.$inferSelect;
export type Account = typeof accounts.$inferSelect;
export type NewsRow = typeof news.$inferSelect;
export type PriceHistoryRow = typeof priceHistory.$inferSelect;

/**
 * Deposit requests. A request is in progress (1) until an operator completes it (2, with the ledger transfer that
 * credits the wallet) or fails it (3, with a reason the user sees). One row per (user, idempotency key).
 */
export const recharges = pgTable(
  'recharges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    method: text('method').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The code the user quotes with the payment. */
    reference: text('reference').notNull().unique('recharges_reference_unique'),
    paymentRef: text('payment_ref'),
    status: integer('status').notNull().default(1),
    failReason: text('fail_reason'),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('recharges_user_key_unique').on(t.userId, t.idempotencyKey),
    index('recharges_status_idx').on(t.status, t.id),
    index('recharges_user_idx').on(t.userId, t.id),
    check('recharges_amount_positive', sql`${t.amount} > 0`),
    check('recharges_status', sql`${t.status} in (1, 2, 3)`),
  ],
);

/** A user's bank cards (withdrawal destinations). Numbers are stored whole and shown masked. */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bank: text('bank').notNull(),
    branchBank: text('branch_bank').notNull().default(''),
    cardNumber: text('card_number').notNull(),
    ifsc: text('ifsc').notNull().default(''),
    holder: text('holder').notNull(),
    status: integer('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('bank_cards_user_idx').on(t.userId)],
);

/**
 * Withdrawal requests: the wallet is debited when the request is made (status n); an operator completes it (y) or
 * fails it (b, and a withdrawRefund transfer returns the money).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    bankCardId: integer('bank_card_id')
      .notNull()
      .references(() => bankCards.id),
    /** The card as it was when the request was made (a later edit does not rewrite history). */
    bank: text('bank').notNull(),
    cardNumber: text('card_number').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('n'),
    failReason: text('fail_reason'),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('withdrawals_user_key_unique').on(t.userId, t.idempotencyKey),
    index('withdrawals_status_idx').on(t.status, t.id),
    index('withdrawals_user_idx').on(t.userId, t.id),
    check('withdrawals_amount_positive', sql`${t.amount} > 0`),
    check('withdrawals_status', sql`${t.status} in ('n', 'y', 'b')`),
  ],
);

/**
 * Loans: applying (1) until an operator approves (then unpaid, 4, with the borrow transfer and a repayment time) or
 * rejects it (3). The user repays from the wallet (paid, 5). Interest is fixed when the loan is approved.
 */
export const loans = pgTable(
  'loans',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    interest: bigint('interest', { mode: 'number' }).notNull().default(0),
    state: integer('state').notNull().default(1),
    rejectReason: text('reject_reason'),
    repaymentTime: timestamp('repayment_time', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    repaidAt: timestamp('repaid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('loans_user_key_unique').on(t.userId, t.idempotencyKey),
    index('loans_state_idx').on(t.state, t.id),
    index('loans_user_idx').on(t.userId, t.id),
    check('loans_amount_positive', sql`${t.amount} > 0`),
    check('loans_state', sql`${t.state} in (1, 3, 4, 5)`),
  ],
);

/**
 * Trading orders. One row per order; a filled buy is a lot (the spec's Position) until it is sold whole by its
 * order number, then its state is 'sell' with the sale's figures. Status: 0 pending (resting, money held by
 * `hold_id`), 1 filled, 2 cancelled, 3 expired. Prices are the instrument's quote currency (market prices, floats);
 * money is bigint minor units of `settle_currency` (the deployment's).
 */
export const tradeOrders = pgTable(
  'trade_orders',
  {
    id: serial('id').primaryKey(),
    no: text('no').notNull().unique('trade_orders_no_unique'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    symbol: text('symbol').notNull(),
    market: text('market').notNull(),
    type: text('type').notNull(),
    mold: text('mold').notNull().default('stock'),
    kind: text('kind').notNull(),
    tif: text('tif').notNull().default('day'),
    state: text('state').notNull().default('buy'),
    count: integer('count').notNull(),
    quoteCurrency: text('quote_currency').notNull(),
    settleCurrency: text('settle_currency').notNull(),
    seenPrice: doublePrecision('seen_price').notNull(),
    limitPrice: doublePrecision('limit_price'),
    /** The ledger hold reserving the money of a resting order. */
    holdId: integer('hold_id'),
    held: bigint('held', { mode: 'number' }).notNull().default(0),
    status: integer('status').notNull().default(0),
    price: doublePrecision('price'),
    fxRate: doublePrecision('fx_rate'),
    /** When the rate used was quoted (its age was checked against trade_fx_max_age_seconds). */
    fxAsOf: timestamp('fx_as_of', { withTimezone: true }),
    amount: bigint('amount', { mode: 'number' }),
    fee: bigint('fee', { mode: 'number' }).notNull().default(0),
    filledAt: timestamp('filled_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The Idempotency-Key of the sale: its replay answers with the sold lot. */
    sellKey: text('sell_key'),
    sellPrice: doublePrecision('sell_price'),
    sellFxRate: doublePrecision('sell_fx_rate'),
    sellAmount: bigint('sell_amount', { mode: 'number' }),
    sellFee: bigint('sell_fee', { mode: 'number' }),
    realizedPnl: bigint('realized_pnl', { mode: 'number' }),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trade_orders_user_key_unique').on(t.userId, t.idempotencyKey),
    index('trade_orders_user_idx').on(t.userId, t.id),
    // The matcher's work list: resting orders only.
    index('trade_orders_pending_idx').on(t.id).where(sql`${t.status} = 0`),
    check('trade_orders_count_positive', sql`${t.count} > 0`),
    check('trade_orders_status', sql`${t.status} in (0, 1, 2, 3)`),
    check('trade_orders_state', sql`${t.state} in ('buy', 'sell')`),
    check('trade_orders_sold_only_filled', sql`${t.state} = 'buy' or ${t.status} = 1`),
  ],
);

/** Each execution: a lot's buy and, later, its sale. Unique per order and side, so a lot is bought and sold once. */
export const tradeFills = pgTable(
  'trade_fills',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => tradeOrders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    side: text('side').notNull(),
    count: integer('count').notNull(),
    price: doublePrecision('price').notNull(),
    fxRate: doublePrecision('fx_rate').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    fee: bigint('fee', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trade_fills_order_side_unique').on(t.orderId, t.side),
    index('trade_fills_user_symbol_idx').on(t.userId, t.symbol),
    check('trade_fills_side', sql`${t.side} in ('buy', 'sell')`),
  ],
);

/** A user's holding of one instrument: the sum of its fills (verify-ledger checks it), cost = open lots' cost. */
export const tradePositions = pgTable(
  'trade_positions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    quantity: integer('quantity').notNull().default(0),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'trade_positions_pk', columns: [t.userId, t.symbol] }),
    check('trade_positions_quantity_non_negative', sql`${t.quantity} >= 0`),
  ],
);

export type TradeOrderRow = typeof tradeOrders.$inferSelect;

/**
 * Customer-service chat: one conversation per user, the user's and the agents' (operators') messages. `read_at` is
 * when the other side saw it: the user for an agent's message (the unread badge), an agent for the user's.
 * Text is plain and stored as typed; screens show it as text.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    sender: text('sender', { enum: ['user', 'agent'] }).notNull(),
    /** The agent who wrote it; null for the user's messages. */
    operatorId: integer('operator_id').references(() => operators.id),
    text: text('text').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('chat_messages_sender', sql`${t.sender} in ('user', 'agent')`),
    check('chat_messages_agent_has_operator', sql`(${t.sender} = 'agent') = (${t.operatorId} is not null)`),
    // A conversation, newest first; and the unread counts (the badge, the operators' list) without a scan.
    index('chat_messages_user_idx').on(t.userId, t.id),
    index('chat_messages_unread_idx').on(t.userId, t.sender).where(sql`${t.readAt} is null`),
  ],
);

/**
 * A user's transaction password (spec §5: 6 digits), hashed like a login password. Wrong attempts count in
 * `failures`; reaching the limit locks it until `locked_until` (kept here, so every replica sees the same lock).
 */
export const tradePasswords = pgTable('trade_passwords', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  passwordHash: text('password_hash').notNull(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
});

/** Pictures users uploaded (ID photos), re-encoded without metadata and stored as `<data dir>/uploads/<name>`. */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The file's name on disk and in its URL: random, made by the server. */
    name: text('name').notNull().unique('uploads_name_unique'),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);

/**
 * Real-name verifications: one row per submission. 1 under review until an operator approves (2) or rejects (3, with
 * the reason the user sees); a rejected user submits again (a new row). At most one under review or approved per user.
 */
export const realNameVerifications = pgTable(
  'real_name_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    realName: text('real_name').notNull(),
    idType: text('id_type').notNull(),
    idNumber: text('id_number').notNull(),
    frontUploadId: integer('front_upload_id')
      .notNull()
      .references(() => uploads.id),
    backUploadId: integer('back_upload_id')
      .notNull()
      .references(() => uploads.id),
    status: integer('status').notNull().default(1),
    rejectReason: text('reject_reason'),
    decidedBy: integer('decided_by').references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('real_name_user_idx').on(t.userId, t.id),
    index('real_name_status_idx').on(t.status, t.id),
    uniqueIndex('real_name_one_open_per_user')
      .on(t.userId)
      .where(sql`${t.status} in (1, 2)`),
    check('real_name_status', sql`${t.status} in (1, 2, 3)`),
    check('real_name_id_type', sql`${t.idType} in ('idCard', 'driver', 'passport', 'other')`),
  ],
);

// products: block trading and QIP

/**
 * Block trading (`bulk`) and QIP (`finalize`) offers: shares of one US or IN stock at a fixed block price (the
 * instrument's quote currency), bought in lots of at least `min_count` during the daily `windows` ({open, close}
 * `HH:MM` in the market's time zone). Status 1 open, 2 closed by an operator. A QIP is always qualified-only.
 */
export const blockOffers = pgTable(
  'block_offers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    mold: text('mold').notNull(),
    market: text('market').notNull(),
    price: doublePrecision('price').notNull(),
    minCount: integer('min_count').notNull().default(100),
    windows: jsonb('windows').$type<{ open: string; close: string }[]>().notNull(),
    status: integer('status').notNull().default(1),
    qualifiedOnly: boolean('qualified_only').notNull().default(false),
    createdBy: integer('created_by').references(() => operators.id),
    createdAt: createdAt(),
    closedBy: integer('closed_by').references(() => operators.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('block_offers_mold_status_idx').on(t.mold, t.status, t.id),
    check('block_offers_mold', sql`${t.mold} in ('bulk', 'finalize')`),
    check('block_offers_market', sql`${t.market} in ('US', 'IN')`),
    check('block_offers_price_positive', sql`${t.price} > 0`),
    check('block_offers_min_count_positive', sql`${t.minCount} > 0`),
    check('block_offers_status', sql`${t.status} in (1, 2)`),
    check('block_offers_closed_at', sql`(${t.status} = 2) = (${t.closedAt} is not null)`),
    check('block_offers_qip_qualified_only', sql`${t.mold} <> 'finalize' or ${t.qualifiedOnly}`),
  ],
);

/** Which offer each block order (a trade_orders lot of mold bulk or finalize) was bought from. */
export const blockOfferOrders = pgTable(
  'block_offer_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => tradeOrders.id),
    offerId: integer('offer_id')
      .notNull()
      .references(() => blockOffers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('block_offer_orders_offer_idx').on(t.offerId)],
);

/** Users an operator marked qualified investors, who may buy qualified-only offers (QIPs); no row: not qualified. */
export const qualifiedInvestors = pgTable('qualified_investors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  markedBy: integer('marked_by').references(() => operators.id),
  createdAt: createdAt(),
});

export type BlockOfferRow = typeof blockOffers.$inferSelect;

// products: IPO

/**
 * IPO issues. `symbol` is a stock the market engine prices (allotted shares are a lot of it). Quantities are shares in
 * whole lots; min = max = 0 is TBA. Status: Upcoming, Forthcoming (takes applications), Closed, Allotted (set once,
 * with the allotment's figures and draw seed), Cancelled. At most one live issue (neither allotted nor cancelled) per
 * symbol.
 */
export const ipos = pgTable(
  'ipos',
  {
    id: serial('id').primaryKey(),
    series: text('series').notNull(),
    symbol: text('symbol').notNull(),
    companyName: text('company_name').notNull(),
    market: text('market').notNull(),
    /** The instrument's quote currency: issue_price is in it. */
    currency: text('currency').notNull(),
    status: text('status').notNull().default('Upcoming'),
    issuePrice: doublePrecision('issue_price').notNull(),
    min: integer('min').notNull(),
    max: integer('max').notNull(),
    lot: integer('lot').notNull().default(100),
    issueStartDate: date('issue_start_date', { mode: 'string' }).notNull(),
    issueEndDate: date('issue_end_date', { mode: 'string' }).notNull(),
    sharesOffered: bigint('shares_offered', { mode: 'number' }),
    sharesAllotted: bigint('shares_allotted', { mode: 'number' }),
    drawSeed: text('draw_seed'),
    allottedBy: integer('allotted_by').references(() => operators.id),
    allottedAt: timestamp('allotted_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => operators.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ipos_live_symbol_unique').on(t.symbol).where(sql`${t.status} not in ('Allotted', 'Cancelled')`),
    check('ipos_status', sql`${t.status} in ('Upcoming', 'Forthcoming', 'Closed', 'Allotted', 'Cancelled')`),
    check('ipos_issue_price_positive', sql`${t.issuePrice} > 0`),
    check('ipos_quantities', sql`${t.lot} > 0 and ((${t.min} = 0 and ${t.max} = 0) or (${t.min} > 0 and ${t.max} >= ${t.min})) and ${t.min} % ${t.lot} = 0 and ${t.max} % ${t.lot} = 0`),
    check('ipos_dates', sql`${t.issueEndDate} >= ${t.issueStartDate}`),
    check('ipos_allotted', sql`(${t.status} = 'Allotted') = (${t.allottedAt} is not null)`),
  ],
);

/**
 * One user's application to an issue (one per user per issue). Pending (1), its amount is held on the ledger by
 * `hold_id`; once allotted (2) the hold was captured for `allotted` shares (`captured`) and the rest `released`, and
 * the shares are the trade order `lot_order_id` (mold 'ipo'); failed (3): nothing allotted, all released.
 */
export const ipoApplications = pgTable(
  'ipo_applications',
  {
    id: serial('id').primaryKey(),
    no: text('no').notNull().unique('ipo_applications_no_unique'),
    ipoId: integer('ipo_id')
      .notNull()
      .references(() => ipos.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    count: integer('count').notNull(),
    /** The issue price (quote currency) and the rate to the deployment currency the amount was held at. */
    price: doublePrecision('price').notNull(),
    fxRate: doublePrecision('fx_rate').notNull(),
    settleCurrency: text('settle_currency').notNull(),
    held: bigint('held', { mode: 'number' }).notNull(),
    holdId: integer('hold_id'),
    status: integer('status').notNull().default(1),
    allotted: integer('allotted').notNull().default(0),
    captured: bigint('captured', { mode: 'number' }).notNull().default(0),
    released: bigint('released', { mode: 'number' }).notNull().default(0),
    lotOrderId: integer('lot_order_id').references(() => tradeOrders.id),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ipo_applications_ipo_user_unique').on(t.ipoId, t.userId),
    uniqueIndex('ipo_applications_user_key_unique').on(t.userId, t.idempotencyKey),
    index('ipo_applications_user_idx').on(t.userId, t.id),
    index('ipo_applications_lot_idx').on(t.lotOrderId),
    check('ipo_applications_count_positive', sql`${t.count} > 0`),
    check('ipo_applications_held_positive', sql`${t.held} > 0`),
    check('ipo_applications_status', sql`${t.status} in (1, 2, 3)`),
    check('ipo_applications_allotted', sql`${t.allotted} >= 0 and ${t.allotted} <= ${t.count} and (${t.status} = 2) = (${t.allotted} > 0)`),
    check('ipo_applications_settled', sql`(${t.status} = 1 and ${t.settledAt} is null and ${t.captured} = 0 and ${t.released} = 0) or (${t.status} <> 1 and ${t.settledAt} is not null and ${t.captured} + ${t.released} = ${t.held})`),
  ],
);

// products: funds
/**
 * Fixed-term fund projects. Money is bigint minor units of `currency`; returns are whole basis points for the whole
 * term. Every order of a project ends at `ends_at`; sold_amount is the principal of its active and completed orders,
 * never above issue_amount (the check is the last guard; purchases take the row's lock before adding).
 */
export const funds = pgTable(
  'funds',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    minReturnBps: integer('min_return_bps').notNull(),
    maxReturnBps: integer('max_return_bps').notNull(),
    periodDays: integer('period_days').notNull(),
    /** What one purchase costs. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    issueAmount: bigint('issue_amount', { mode: 'number' }).notNull(),
    soldAmount: bigint('sold_amount', { mode: 'number' }).notNull().default(0),
    /** open, settled or cancelled. */
    status: text('status').notNull().default('open'),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The return settled with, once settled. */
    returnBps: integer('return_bps'),
    profitPaid: bigint('profit_paid', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by').references(() => operators.id),
    settledBy: integer('settled_by').references(() => operators.id),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => operators.id),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    // The list's and the reminder's work: open projects by end.
    index('funds_status_ends_idx').on(t.status, t.endsAt),
    check('funds_status', sql`${t.status} in ('open', 'settled', 'cancelled')`),
    check('funds_returns', sql`0 <= ${t.minReturnBps} and ${t.minReturnBps} <= ${t.maxReturnBps} and ${t.maxReturnBps} <= 10000`),
    check('funds_period_positive', sql`${t.periodDays} > 0`),
    check('funds_amounts', sql`${t.amount} > 0 and ${t.issueAmount} >= ${t.amount} and ${t.issueAmount} % ${t.amount} = 0`),
    check('funds_sold_within_issue', sql`0 <= ${t.soldAmount} and ${t.soldAmount} <= ${t.issueAmount}`),
    check('funds_settled_return', sql`${t.returnBps} is null or ${t.returnBps} between ${t.minReturnBps} and ${t.maxReturnBps}`),
  ],
);

export type FundRow = typeof funds.$inferSelect;

/**
 * A user's purchase of one fund project: the principal (`amount`, minor units) left the wallet for the ledger's
 * funds:principal account. Status active, completed (settled: principal and profit paid) or cancelled (principal paid
 * back, no profit). `cancel_key` is the idempotency key of the user's cancel, so its replay answers the same.
 */
export const fundOrders = pgTable(
  'fund_orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fundId: integer('fund_id')
      .notNull()
      .references(() => funds.id),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    expectedReturnBps: integer('expected_return_bps').notNull(),
    status: text('status').notNull().default('active'),
    returnBps: integer('return_bps'),
    profit: bigint('profit', { mode: 'number' }),
    cancelKey: text('cancel_key'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fund_orders_user_key_unique').on(t.userId, t.idempotencyKey),
    index('fund_orders_user_idx').on(t.userId, t.id),
    index('fund_orders_fund_status_idx').on(t.fundId, t.status),
    check('fund_orders_amount_positive', sql`${t.amount} > 0`),
    check('fund_orders_status', sql`${t.status} in ('active', 'completed', 'cancelled')`),
  ],
);

export type FundOrderRow = typeof fundOrders.$inferSelect;

/**
 * Who runs each periodic job (the order matcher, the fund reminder) when several API processes share the database:
 * the holder renews its lease on every pass; when it stops renewing (it stopped, or died), another takes over once
 * `expires_at` has passed (see jobs/lease.ts).
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
