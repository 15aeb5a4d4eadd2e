import { z } from 'zod';
import { defineCall, Minor, QueryId } from './envelope';
import { decimalNumber, wholeNumber } from './numbers';
import { routes } from './routes';
import { plainText } from './text';
import { ORDER_NO_CHARS, ORDER_NO_MAX, ORDER_STATUS_LABELS, TRADE_TYPES, ORDER_MOLDS, ORDER_KINDS, TIME_IN_FORCE, QUANTITY_MIN, POSITIONS_PAGE_SIZE, quantityIssue } from './values/trading';
import { limitOf, Page, Symbol, yahoo } from './market';
import { BLOCK_COUNT_MAX, isBlockMold } from './values/offers';
export * from './values/trading';

/**
 * Trading: orders, lots (positions) and the order lists (spec §3 Order and Position, §5 stock quantity, §7 deal calls).
 *
 * Money (price_all, fee, cost, value, P&L, held) is integer minor units of the deployment currency, as everywhere.
 * Prices (`price`, `sell_price`, `limit_price`) are market prices per unit in the instrument's own quote currency
 * (`currency`), as the market engine quotes them; `fx_rate` is what one unit of that currency was worth in the
 * deployment currency when the order filled (1 when they are the same).
 *
 * A buy that fills is a lot: the position the trade screen lists, sold whole by its order number (`deal/sell` with
 * `no`). A sold lot keeps its row with state `sell`, its sell price and its realized P&L. The records (deal/list) list
 * trades instead: a sold lot there is two entries with its number, its buy (state `buy`, at created_at) and its sale
 * (state `sell`, at sold_at), both carrying the lot's facts.
 */

export const TradeType = z.enum(TRADE_TYPES, { error: 'invalidInput' });
export type TradeType = z.infer<typeof TradeType>;
export const OrderMold = z.enum(ORDER_MOLDS, { error: 'invalidInput' });

const PriceIn = decimalNumber(z.number({ error: 'invalidPrice' }).positive('invalidPrice').lt(1e9, 'invalidPrice'));
// The cap depends on the mold (the stock caps, or a block offer's own minimum and BLOCK_COUNT_MAX): DealBuyInput checks it.
const Count = wholeNumber(z.number({ error: 'quantityTooLow' }).int('quantityTooLow').min(QUANTITY_MIN, 'quantityTooLow'));
/** An order number as we issue it. */
export const OrderNo = z.string({ error: 'requiredFields' }).trim().min(1, 'requiredFields').max(ORDER_NO_MAX, 'invalidInput').regex(ORDER_NO_CHARS, 'invalidInput');
const ShortText = (max: number) => z.union([plainText(z.string().max(max, 'invalidInput')), z.number()], { error: 'invalidInput' });

export const DealBuyInput = z
  .strictObject({
    // The spec's payload.
    tag: Symbol,
    count: Count,
    /** The price the user saw (the collar compares it with the engine's). Never the fill price. */
    price: PriceIn,
    mold: OrderMold.default('stock'),
    /** Block offer id (molds bulk and finalize: required); ignored by ordinary orders. */
    id: QueryId.optional(),
    url_count: ShortText(64).optional(),
    /** Sent by some screens (market or side); the instrument decides, so it is not used. */
    type: ShortText(16).optional(),
    /** Block trades only (required there): the user's transaction password. Not used by ordinary orders. */
    stock_password: ShortText(64).optional(),
    // Ours, all optional.
    /** `market` (default) fills at the engine's price; `limit` rests until the engine's price is at or below limit_price. */
    kind: z.enum(ORDER_KINDS, { error: 'invalidInput' }).default('market'),
    limit_price: PriceIn.optional(),
    tif: z.enum(TIME_IN_FORCE, { error: 'invalidInput' }).default('day'),
    /** The price the user saw, when `price` carries something else; the collar uses seen_price ?? price. */
    seen_price: PriceIn.optional(),
    /** The half/full position buttons: half caps the quantity at 50, full (and none) at 100. */
    position: z.enum(['half', 'full'], { error: 'invalidInput' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (isBlockMold(v.mold)) {
      // A block or QIP buy: the offer's minimum is checked against the offer, and the stock caps do not apply.
      if (v.count > BLOCK_COUNT_MAX) ctx.addIssue({ code: 'custom', path: ['count'], message: 'amountTooLarge' });
      if (v.id === undefined) ctx.addIssue({ code: 'custom', path: ['id'], message: 'blockFieldsRequired' });
      if (v.stock_password === undefined || String(v.stock_password).trim() === '') ctx.addIssue({ code: 'custom', path: ['stock_password'], message: 'blockFieldsRequired' });
    } else {
      const issue = quantityIssue(v.count, v.position);
      if (issue) ctx.addIssue({ code: 'custom', path: ['count'], message: issue });
    }
    if (v.kind === 'limit' && v.limit_price === undefined) ctx.addIssue({ code: 'custom', path: ['limit_price'], message: 'limitPriceRequired' });
  });

/** One order (and, once filled, the lot it bought): the spec's Order/Position fields plus what the screens show. */
export const Order = z.object({
  id: z.number().int(),
  /** Order number: what deal/sell and deal/cancel take. */
  no: z.string(),
  /** Instrument code. */
  tag: z.string(),
  name: z.string(),
  /** IN, US, MX, FOREX, FUTURE, CGI. */
  market: z.string(),
  type: TradeType,
  mold: z.string(),
  /** buy until the lot is sold, then sell; in deal/list, the trade the entry records. */
  state: z.enum(['buy', 'sell']),
  kind: z.enum(ORDER_KINDS),
  tif: z.enum(TIME_IN_FORCE),
  count: z.number().int(),
  /** Fill price per unit (quote currency); while pending, the limit price or the price the user saw. */
  price: z.number(),
  limit_price: z.number().nullable(),
  /** Sell price per unit (quote currency) once sold. */
  sell_price: z.number().nullable(),
  /** The instrument's quote currency. */
  currency: z.string(),
  /** Deployment currency per unit of `currency` at the fill (null while pending). */
  fx_rate: z.number().nullable(),
  sell_fx_rate: z.number().nullable(),
  /** Amount of the fill without the fee (minor units); while pending, the estimate at the order's price. */
  price_all: Minor,
  /** Fee booked on the buy (transactionExpenses). */
  fee: Minor,
  /** price_all + fee: what the lot cost. */
  cost: Minor,
  /** Money held while pending (0 otherwise). */
  held: Minor,
  /** Current value of an open lot at the engine's price (null when not an open lot). */
  value: Minor.nullable(),
  /** value - cost for an open lot. */
  unrealized_pnl: Minor.nullable(),
  /** What the sale brought in (without its fee), its fee, and sale - sell fee - cost, once sold. */
  sell_amount: Minor.nullable(),
  sell_fee: Minor.nullable(),
  realized_pnl: Minor.nullable(),
  /** ORDER_STATUS code. */
  status: z.number().int(),
  status_label: z.enum(ORDER_STATUS_LABELS),
  created_at: z.string(),
  filled_at: z.string().nullable(),
  sold_at: z.string().nullable(),
  /** When a resting day order expires (null for market and gtc orders). */
  expires_at: z.string().nullable(),
  /** When it was cancelled or expired. */
  closed_at: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;
/** The spec's Position is an open lot: an Order with status 1 and state buy. */
export const Position = Order;
export type Position = Order;

const OrderRows = z.object({ rows: z.array(Order), count: z.number().int() });

/**
 * POST /stock/success/deal/buy: place an order. A market order while the market is open fills at once at the engine's
 * price; otherwise it rests (status 0) with its money held. Refusals: quantityTooLow / quantityExceedsHalf /
 * quantityExceedsFull (400), notFound (404, unknown instrument), tradeNotAvailable (422: an index, or mold ipo),
 * priceMoved (409, see PriceMovedRejection), exchangeRateStale (422), insufficientFunds (422). With mold bulk or
 * finalize it is a block buy from offer `id`, with its own rules and refusals (offers.ts).
 */
export const dealBuy = defineCall({
  ...routes.dealBuy,
  input: DealBuyInput,
  output: Order,
});

/**
 * POST /stock/success/deal/sell: sell the whole lot `no` at the engine's price. `sell_price` is the price the user saw
 * (collar); `price` is the lot's buy price as the screen shows it and is not used. Refusals: positionNotHeld (404: not
 * the caller's open lot, or sold already), marketClosed (422), priceMoved (409), exchangeRateStale (422).
 */
export const dealSell = defineCall({
  ...routes.dealSell,
  input: z.strictObject({ no: OrderNo, price: PriceIn.optional(), sell_price: PriceIn }),
  output: Order,
});

const StatusFilter = wholeNumber(z.number({ error: 'invalidInput' }).int('invalidInput').min(0, 'invalidInput').max(3, 'invalidInput'));

/**
 * POST /stock/success/deal/list: the caller's trades by status and mold, newest first by when each happened (rows;
 * count is ours): every order once, and a sold lot's sale as an entry of its own (state `sell`, at sold_at). With mold
 * bulk or finalize, `status` is the block orders' tab (spec §4): 0 all, 1 success, 2 failed (any status but 1).
 */
export const dealList = defineCall({
  ...routes.dealList,
  input: z.strictObject({
    status: StatusFilter.optional(),
    mold: OrderMold.optional(),
    page: Page.default(1),
    limit: limitOf(100).default(20),
  }),
  output: OrderRows,
});

/**
 * GET /stock/success/deal/orders: the spec's shared order-list helper. By status and mold, or by tag (the trading
 * screen asks for status 1 and the tag: the lots of that instrument; add state=buy for the open ones only). With mold
 * bulk or finalize, `status` is the block orders' tab, as in deal/list.
 */
export const orderList = defineCall({
  ...routes.orderList,
  input: z.strictObject({
    status: StatusFilter.optional(),
    mold: OrderMold.optional(),
    tag: Symbol.optional(),
    state: z.enum(['buy', 'sell'], { error: 'invalidInput' }).optional(),
    page: Page.default(1),
    limit: limitOf(100).default(20),
  }),
  output: OrderRows,
});

/**
 * GET /stock/success/deal/order (ours): one order of the caller's by its number, for the record detail. Refusal:
 * notFound (404: no order of the caller's has that number, another user's included).
 */
export const dealOrder = defineCall({
  ...routes.dealOrder,
  input: z.strictObject({ no: OrderNo }),
  output: Order,
});

/** POST /stock/success/deal/cancel (ours): cancel a resting order; its hold is released. Again: the same answer. */
export const dealCancel = defineCall({
  ...routes.dealCancel,
  input: z.strictObject({ no: OrderNo }),
  output: Order,
});

/**
 * GET /stock/success/v2/transaction (spec §7: type, page, limit → data.rows of Positions): the open lots of one type
 * for the trade screen, paged by 10, with their sums and, when asked, the first lot's chart (ours, optional to a
 * client): the screen's first read brings what it draws first in one round trip instead of two.
 */
export const positions = defineCall({
  ...routes.positions,
  input: z.strictObject({
    type: TradeType.default('stock'),
    page: Page.default(1),
    limit: limitOf(50).default(POSITIONS_PAGE_SIZE),
    /** Ours: `chart` also answers the first row's day candles, the chart the trade screen draws first. */
    include: z.enum(['chart'], { error: 'invalidInput' }).optional(),
  }),
  output: z.object({
    rows: z.array(Order),
    count: z.number().int(),
    /** Sums over every open lot of the type (not only this page), minor units. */
    cost: Minor,
    value: Minor,
    unrealized_pnl: Minor,
    /** Day's P&L over the same lots: from the previous close, or from the fill for lots bought this session. */
    day_pnl: Minor,
    /** With include=chart and a first row: its instrument's day candles, as GET /v2/yahoo answers with mold 1d. */
    chart: yahoo.output.optional(),
  }),
});

/**
 * The answer to a buy or sell refused because the engine's price moved past the collar from the price the user saw:
 * HTTP 409, `{msg:'no', data:'priceMoved', price, seen, collar_bps}` — `price` is the engine's price now (quote
 * currency), so the screen can show it and let the user confirm again.
 */
export const PriceMovedRejection = z.object({
  msg: z.literal('no'),
  data: z.literal('priceMoved'),
  price: z.number(),
  seen: z.number(),
  collar_bps: z.number().int(),
});
export type PriceMovedRejection = z.infer<typeof PriceMovedRejection>;

/** The published trading rules in force: what the trade screen shows next to the order form. */
export const TradeRulesInfo = z.object({
  /** Fee per fill in basis points of the amount (3 = 0.03%), and the minimum fee per fill in minor units. */
  fee_bps: z.number().int(),
  fee_min: Minor,
  /** How far (basis points) the engine's price may be from the price the user saw before an order is refused. */
  collar_bps: z.number().int(),
  /** An exchange rate older than this refuses orders that need one ('exchangeRateStale'). */
  fx_max_age_seconds: z.number().int(),
  quantity_min: z.number().int(),
  quantity_half_max: z.number().int(),
  quantity_full_max: z.number().int(),
  /** The deployment currency every order settles in. */
  currency: z.string(),
});
export type TradeRulesInfo = z.infer<typeof TradeRulesInfo>;

/** GET /stock/success/deal/rules (ours): the fee schedule, collar, rate age and quantity limits. */
export const tradeRulesInfo = defineCall({
  ...routes.tradeRulesInfo,
  input: z.strictObject({}),
  output: TradeRulesInfo,
});
