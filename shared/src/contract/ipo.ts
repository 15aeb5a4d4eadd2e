import { z } from 'zod';
import { defineCall, Minor, QueryId } from './envelope';
import { decimalNumber, wholeNumber } from './numbers';
import { limitOf, Page, Symbol } from './market';
import { opsRoutes } from './ops-routes';
import { routes } from './routes';
import { plainText } from './text';
import { IPO_STATUSES, IPO_QUANTITY_STEP } from './values/ipo';
export * from './values/ipo';

/**
 * IPOs (spec §2 IPO and IPO orders, §3 IPO and Order, §4 statuses, §5 quantity, §7 calls, §8 IPO buy).
 *
 * An application holds its amount on the ledger (count × issue price, converted to the deployment currency at the
 * rate of the moment it is made; no fee) until an operator allots the issue: the held money is then captured for the
 * allotted shares (a buyStock bill) and released for the rest. Allotted shares are a stock lot (an Order of mold
 * `ipo` at the issue price) that the trade screen lists, the engine prices and deal/sell sells; its sale is a row of
 * the Sales Record.
 *
 * Money (held, captured, released, price_all, P&L) is integer minor units of the deployment currency; prices
 * (issue_price, price, sell_price) are market prices in the instrument's quote currency (`currency`).
 */

export const IpoStatus = z.enum(IPO_STATUSES, { error: 'invalidInput' });

/** The caller's own application to an issue, as the list shows it beside the issue. */
export const IpoMine = z.object({
  /** The application's number (its Application Record's `no`). */
  no: z.string(),
  count: z.number().int(),
  /** IPO_APPLICATION_STATUS: 1 pending, 2 success, 3 failed. */
  status: z.number().int(),
  /** Shares allotted (0 until allotted). */
  allotted: z.number().int(),
  held: Minor,
});

/** One issue: the spec's IPO fields, then ours. */
export const Ipo = z.object({
  id: z.number().int(),
  /** The market series the list shows (e.g. EQ, SME). */
  series: z.string(),
  /** The instrument code (RELIANCE.NS); the list shows it without .BO/.NS (ipoCode). */
  symbol: z.string(),
  company_name: z.string(),
  status: IpoStatus,
  /** Per share, in `currency`. */
  issue_price: z.number(),
  /** Quantities in shares; both 0: 'TBA', and no application is taken. */
  min: z.number().int(),
  max: z.number().int(),
  /** 'YYYY-MM-DD'. */
  issue_start_date: z.string(),
  issue_end_date: z.string(),
  // Ours.
  /** Applications are whole lots of this many shares (the step buttons' 100 unless the issue says otherwise). */
  lot: z.number().int(),
  /** The instrument's market (IN, US) and quote currency. */
  market: z.string(),
  currency: z.string(),
  /** Whether the caller may apply now: Forthcoming, quantities announced, and no application of theirs yet. */
  can_apply: z.boolean(),
  /** The caller's application, if any. */
  mine: IpoMine.nullable(),
  created_at: z.string(),
});
export type Ipo = z.infer<typeof Ipo>;

/** GET /client/ipo: every issue but cancelled ones, newest first (spec: data is an array). */
export const ipoList = defineCall({
  ...routes.ipoList,
  input: z.strictObject({}),
  output: z.array(Ipo),
});

const IpoCount = wholeNumber(z.number({ error: 'ipoQuantityBelowMin' }).max(1e9, 'ipoQuantityAboveMax').positive('ipoQuantityBelowMin').int('ipoQuantityNotInLots'));
const IpoPrice = decimalNumber(z.number({ error: 'invalidPrice' }).positive('invalidPrice').lt(1e9, 'invalidPrice'));

/**
 * One IPO order row (spec §3 Order, mold `ipo`), in either tab.
 *
 * Application Records (tab 0): state `buy`; status 1 pending, 2 success, 3 failed; `count` is the quantity applied
 * for while pending or failed and the quantity allotted once successful (`applied` and `allotted` carry both);
 * price_all is the held amount while pending, the captured amount on success and 0 on failure; `lot_no` is the order
 * number of the allotted lot, the one deal/sell takes.
 *
 * Sales Record (tab 1): a sold allotted lot: state `sell`, status 1, `price` the issue price, `sell_price` the sale
 * price, price_all what the sale brought in (before its fee), `pnl` the realized profit or loss.
 */
export const IpoOrder = z.object({
  id: z.number().int(),
  /** Instrument code (the screen strips .BO/.NS: ipoCode). */
  tag: z.string(),
  no: z.string(),
  market: z.string(),
  type: z.literal('stock'),
  mold: z.literal('ipo'),
  state: z.enum(['buy', 'sell']),
  count: z.number().int(),
  price: z.number(),
  sell_price: z.number().nullable(),
  price_all: Minor,
  status: z.number().int(),
  created_at: z.string(),
  // Ours.
  ipo_id: z.number().int(),
  company_name: z.string(),
  currency: z.string(),
  applied: z.number().int(),
  allotted: z.number().int(),
  /** The money the application held, captured (paid for allotted shares) and released (available again), minor units. */
  held: Minor,
  captured: Minor,
  released: Minor,
  /** The allotted lot's order number (null until allotted, or when nothing was). */
  lot_no: z.string().nullable(),
  /** Sales: the sale's fee and realized P&L (sale − fee − cost), minor units; null on applications. */
  sell_fee: Minor.nullable(),
  pnl: Minor.nullable(),
  /** When allotted (applications) or sold (sales). */
  settled_at: z.string().nullable(),
});
export type IpoOrder = z.infer<typeof IpoOrder>;

/**
 * POST /stock/success/ipo/buy (spec payload id, tag, count, price): apply for `count` shares of issue `id`. The amount
 * is held, not debited. `tag` and `price` are what the screen showed: when sent they must be the issue's.
 * Refusals: notFound (404: no such issue, or tag not its symbol), ipoNotOpen (422: not Forthcoming, or TBA),
 * ipoQuantityBelowMin / ipoQuantityAboveMax / ipoQuantityNotInLots (400), ipoPriceChanged (409: price is not the
 * issue price), ipoAlreadyApplied (409: one application per user per issue), exchangeRateStale (422),
 * insufficientFunds (422), amountTooLarge (422). Idempotent: the same key and payload answer the first application.
 */
export const ipoBuy = defineCall({
  ...routes.ipoBuy,
  input: z.strictObject({
    id: QueryId,
    tag: Symbol.optional(),
    count: IpoCount,
    price: IpoPrice.optional(),
  }),
  output: IpoOrder,
});

/** GET /stock/success/ipo/list: the caller's IPO orders, newest first; `tab` (ours) 0 applications (default), 1 sales. */
export const ipoOrders = defineCall({
  ...routes.ipoOrders,
  input: z.strictObject({
    tab: wholeNumber(z.number({ error: 'invalidInput' }).int('invalidInput').min(0, 'invalidInput').max(1, 'invalidInput')).default(0),
    page: Page.default(1),
    limit: limitOf(100).default(20),
  }),
  output: z.object({ rows: z.array(IpoOrder), count: z.number().int() }),
});

/** An issue as operators see it: with its applications and, once allotted, the allotment. */
export const OpsIpo = Ipo.omit({ can_apply: true, mine: true }).extend({
  applications: z.number().int(),
  /** Shares applied for by pending and allotted applications. */
  applied_shares: z.number().int(),
  /** Money held now for pending applications, minor units. */
  held: Minor,
  /** Set by the allotment: the shares offered, the shares given and the draw's seed (null when no draw was needed). */
  shares_offered: z.number().int().nullable(),
  shares_allotted: z.number().int().nullable(),
  draw_seed: z.string().nullable(),
  allotted_at: z.string().nullable(),
});
export type OpsIpo = z.infer<typeof OpsIpo>;

export const opsIpos = defineCall({
  ...opsRoutes.opsIpos,
  input: z.strictObject({ status: IpoStatus.optional(), page: Page.default(1), limit: limitOf(100).default(20) }),
  output: z.object({ rows: z.array(OpsIpo), count: z.number().int() }),
});

const Shares = (max = 1e9) => wholeNumber(z.number({ error: 'invalidInput' }).int('invalidInput').min(0, 'invalidInput').max(max, 'invalidInput'));
const DateText = z.string({ error: 'requiredFields' }).trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'ipoDatesInvalid');

/**
 * POST /ops/ipos: a new issue. The symbol must be a stock the market engine prices (IN or US): allotted shares are
 * priced by it from listing on. min and max are whole lots with min <= max (both 0: TBA); the end date is not before
 * the start. Refusals: ipoSymbolUnknown (422), ipoSymbolTaken (409: an issue of the symbol that is neither allotted
 * nor cancelled), ipoQuantityRange (400), ipoDatesInvalid (400), ipoTermsMissing (422: Forthcoming while TBA).
 */
export const opsIpoCreate = defineCall({
  ...opsRoutes.opsIpoCreate,
  input: z.strictObject({
    series: plainText(z.string({ error: 'requiredFields' }).trim().min(1, 'requiredFields').max(16, 'invalidInput')),
    symbol: Symbol,
    /** Default: the instrument's name. */
    company_name: plainText(z.string({ error: 'requiredFields' }).trim().min(1, 'requiredFields').max(120, 'invalidInput')).optional(),
    issue_price: IpoPrice,
    min: Shares(),
    max: Shares(),
    lot: wholeNumber(z.number({ error: 'invalidInput' }).int('invalidInput').min(1, 'invalidInput').max(1e6, 'invalidInput')).default(IPO_QUANTITY_STEP),
    issue_start_date: DateText,
    issue_end_date: DateText,
    status: IpoStatus.default('Upcoming'),
  }),
  output: OpsIpo,
});

/**
 * POST /ops/ipos/:id/status: move an issue (IPO_STATUS_MOVES). Cancelling releases every pending application's hold
 * (status 3). Refusals: notFound, ipoStatusInvalid (409: not a move the issue's status allows, 'Allotted' included),
 * ipoTermsMissing (422: Forthcoming while TBA).
 */
export const opsIpoStatus = defineCall({
  ...opsRoutes.opsIpoStatus,
  input: z.strictObject({ status: IpoStatus }),
  output: OpsIpo,
});

export const IpoAllotment = z.object({
  ipo: OpsIpo,
  /** Pending applications at the allotment, and the shares they asked for. */
  applications: z.number().int(),
  applied_shares: z.number().int(),
  /** Whether the applications did not fit (then the draw ran). */
  oversubscribed: z.boolean(),
  /** Applications given shares, and the shares given (never more than offered). */
  winners: z.number().int(),
  shares_allotted: z.number().int(),
  /** The draw's seed (null when everyone got what they applied for); the audit log records it with the winners. */
  seed: z.string().nullable(),
  /** Money captured for allotted shares and released for the rest, minor units. */
  captured: Minor,
  released: Minor,
});
export type IpoAllotment = z.infer<typeof IpoAllotment>;

/**
 * POST /ops/ipos/:id/allot {shares}: allot an issue that is Forthcoming or Closed, once. When the applications fit,
 * everyone gets what they applied for; when oversubscribed, a seeded draw gives one minimum lot (`min` shares) to as
 * many applicants as the shares allow (see drawAllotment in the API). Refusals: notFound, ipoAlreadyAllotted (409,
 * also to the slower of two operators at once), ipoNotAllottable (409: another status).
 */
export const opsIpoAllot = defineCall({
  ...opsRoutes.opsIpoAllot,
  input: z.strictObject({ shares: wholeNumber(z.number({ error: 'invalidInput' }).int('invalidInput').min(1, 'invalidInput').max(1e12, 'invalidInput')) }),
  output: IpoAllotment,
});
