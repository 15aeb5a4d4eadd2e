import { z } from 'zod';
import { defineCall } from './envelope';
import { decimalNumber, wholeNumber } from './numbers';
import { limitOf, Page, Symbol } from './market';
import { opsRoutes } from './ops-routes';
import { routes } from './routes';
import { plainText } from './text';
import { BLOCK_COUNT_MAX, BLOCK_MIN_COUNT_DEFAULT, BLOCK_MOLDS, isOfferWindow, OFFER_MARKETS, OFFER_STATUS, OFFER_WINDOWS_MAX } from './values/offers';
export * from './values/offers';

/**
 * Block trading (mold `bulk`) and QIP (mold `finalize`) offers (spec §2, §3 Block trade offer, §5, §7 stock/list).
 *
 * An offer sells shares of one US or IN stock at a fixed block price (`price`, the instrument's quote currency) in
 * lots of at least `count` (its minimum quantity), during its daily windows (`HH:MM` in its market's time zone).
 * Buying is `deal/buy` with the offer's mold, `id` and the user's transaction password as `stock_password`; the order
 * fills at once at the block price, with the 0.03% margin booked as transactionExpenses, and becomes a stock lot
 * (deal/list with the mold lists these orders; deal/sell sells the lot at the engine's price).
 *
 * deal/buy's refusals for a block buy: requiredFields (no `id`), blockFieldsRequired (no `stock_password`),
 * notFound (404: no open offer by that id and code), offerClosed (422), offerQualifiedOnly (403: the caller is not
 * marked qualified), noAvailableTime (422: outside the offer's windows), quantityBelowMinimum (400),
 * tradePasswordNotSet (422: prompt to set it), authorizationKeyIncorrect (422), tradePasswordLocked (423: too many
 * wrong codes), exchangeRateStale (422), amountTooLarge (422), insufficientFunds (422).
 */

export const BlockMold = z.enum(BLOCK_MOLDS, { error: 'invalidInput' });
export type BlockMold = z.infer<typeof BlockMold>;
export const OfferMarket = z.enum(OFFER_MARKETS, { error: 'invalidInput' });
export type OfferMarket = z.infer<typeof OfferMarket>;

/** A daily window as the API answers it: `HH:MM` in the offer's time zone; `close` may be `24:00` (the day's end). */
export const OfferWindow = z.object({ open: z.string(), close: z.string() });
export type OfferWindow = z.infer<typeof OfferWindow>;

/** A daily window as an operator gives it: `HH:MM` to `HH:MM` (up to 24:00), opening before it closes. */
export const OfferWindowIn = z
  .strictObject({ open: z.string({ error: 'invalidWindow' }).trim(), close: z.string({ error: 'invalidWindow' }).trim() }, { error: 'invalidWindow' })
  .refine(isOfferWindow, 'invalidWindow');

/** The fields every view of an offer has (spec: id, tag, price, count, status, type; the rest is ours). */
const OfferFields = {
  id: z.number().int(),
  /** Instrument code. */
  tag: z.string(),
  name: z.string(),
  mold: BlockMold,
  /** Block price per share, in `currency` (the instrument's quote currency). */
  price: z.number(),
  /** Minimum quantity of one buy (BLOCK_MIN_COUNT_DEFAULT when the operator named none). */
  count: z.number().int(),
  /** OFFER_STATUS: 1 open, 2 closed. */
  status: z.number().int(),
  /** The offer's market: US or IN. */
  type: OfferMarket,
  /** The instrument's quote currency. */
  currency: z.string(),
  /** Daily windows in `time_zone`, every day of the week. */
  windows: z.array(OfferWindow),
  /** IANA time zone of the windows: the market's. */
  time_zone: z.string(),
  /** Only users an operator marked qualified may buy it (always for a QIP). */
  qualified_only: z.boolean(),
};

/** One offer as the caller sees it in stock/list. */
export const Offer = z.object({
  ...OfferFields,
  /** The engine's price now (quote currency): the market price next to the block price. */
  market_price: z.number().nullable(),
  /** Whether one of its windows is open now (a buy outside them is 'No available time'). */
  open_now: z.boolean(),
  /** When its next window opens (ISO), null while one is open. */
  next_open_at: z.string().nullable(),
  /** Whether the caller is marked qualified (a qualified-only offer refuses others). */
  qualified: z.boolean(),
  /** The deployment currency the buy settles in, and what one unit of `currency` is worth in it now (null: no fresh rate). */
  settle_currency: z.string(),
  fx_rate: z.number().nullable(),
  /** The margin in basis points of the amount (3 = 0.03%). */
  margin_bps: z.number().int(),
  /**
   * Spec §5's default quantity: the most shares the caller's available balance pays for now, margin included (0 when
   * not even one, or no fresh rate). It may be below `count`: then the caller cannot afford the minimum.
   */
  max_count: z.number().int(),
});
export type Offer = z.infer<typeof Offer>;

/** One offer as operators see it. */
export const OpsOffer = z.object({
  ...OfferFields,
  /** Operator who created it, and when. */
  created_by: z.string().nullable(),
  created_at: z.string(),
  closed_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  /** Orders filled from it, and the shares they bought. */
  orders: z.number().int(),
  shares: z.number().int(),
});
export type OpsOffer = z.infer<typeof OpsOffer>;

/** The code search: trimmed, empty means every offer; nothing hidden in it (the database refuses a NUL). */
const CodeSearch = plainText(z.string({ error: 'invalidInput' }).trim().max(32, 'invalidInput'));

/**
 * POST /stock/success/stock/list (spec §7: mold 'bulk' or 'finalize', code): the open offers of the mold, searched
 * by code (a part of it, any case), with the engine's market price next to the block price.
 */
export const offerList = defineCall({
  ...routes.offerList,
  input: z.strictObject({
    mold: BlockMold.default('bulk'),
    code: CodeSearch.optional(),
    page: Page.default(1),
    limit: limitOf(100).default(50),
  }),
  output: z.object({ rows: z.array(Offer), count: z.number().int() }),
});

const StatusIn = wholeNumber(z.number({ error: 'invalidInput' }).int('invalidInput').min(OFFER_STATUS.open, 'invalidInput').max(OFFER_STATUS.closed, 'invalidInput'));

/** GET /api/ops/offers: every offer, newest first, by mold and status. */
export const opsOffers = defineCall({
  ...opsRoutes.opsOffers,
  input: z.strictObject({ mold: BlockMold.optional(), status: StatusIn.optional(), page: Page.default(1), limit: limitOf(100).default(20) }),
  output: z.object({ rows: z.array(OpsOffer), count: z.number().int() }),
});

const BlockPrice = decimalNumber(z.number({ error: 'invalidPrice' }).positive('invalidPrice').lt(1e9, 'invalidPrice'));
const MinCount = wholeNumber(z.number({ error: 'quantityTooLow' }).int('quantityTooLow').min(1, 'quantityTooLow').max(BLOCK_COUNT_MAX, 'invalidInput'));

/**
 * POST /api/ops/offers (audited): a new offer of a US or IN stock. `type` may be left out (the instrument's market);
 * `count` defaults to 100; `qualified_only` defaults to true for a QIP, which cannot be offered to everyone.
 * Refusals: notFound (no such instrument), offerMarketMismatch (not a stock of the market), invalidWindow, invalidPrice.
 */
export const OfferCreateInput = z
  .strictObject({
    tag: Symbol,
    mold: BlockMold,
    price: BlockPrice,
    count: MinCount.default(BLOCK_MIN_COUNT_DEFAULT),
    type: OfferMarket.optional(),
    windows: z.array(OfferWindowIn, { error: 'invalidWindow' }).min(1, 'invalidWindow').max(OFFER_WINDOWS_MAX, 'invalidWindow'),
    qualified_only: z.boolean({ error: 'invalidInput' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.mold === 'finalize' && v.qualified_only === false) ctx.addIssue({ code: 'custom', path: ['qualified_only'], message: 'offerQualifiedOnly' });
  });

export const opsOfferCreate = defineCall({ ...opsRoutes.opsOfferCreate, input: OfferCreateInput, output: OpsOffer });

/** POST /api/ops/offers/:id/close (audited): no longer listed or bought; closing a closed offer answers the same. */
export const opsOfferClose = defineCall({ ...opsRoutes.opsOfferClose, input: z.strictObject({}), output: OpsOffer });

/** POST /api/ops/users/:id/qualified (audited): marks the user (by id) qualified for qualified-only offers, or not. */
export const opsUserQualified = defineCall({
  ...opsRoutes.opsUserQualified,
  input: z.strictObject({ qualified: z.boolean({ error: 'invalidInput' }).default(true) }),
  output: z.object({ id: z.number().int(), user: z.string(), qualified: z.boolean() }),
});
