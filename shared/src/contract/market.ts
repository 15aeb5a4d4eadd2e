import { z } from 'zod';
import { defineCall, Id, NoInput, QueryId } from './envelope';
import { wholeNumber } from './numbers';
import { plainText } from './text';
import { opsRoutes } from './ops-routes';
import { routes } from './routes';
import { MARKETS, INTERVALS, YAHOO_VIEWS, STOCK_LIST_MAX, FOREX_PAGE_SIZE } from './values/market';
export * from './values/market';

/** Query numbers arrive as text (digits); these read them and keep them in range. */
export const Page = wholeNumber(z.number({ error: 'invalidInput' }).int('invalidInput').min(1, 'invalidInput').max(100_000, 'invalidInput'));
export const limitOf = (max: number) => wholeNumber(z.number({ error: 'invalidInput' }).int('invalidInput').min(1, 'invalidInput').max(max, 'invalidInput'));
/** A list's page and limit: 20 rows a page unless asked, at most 100. */
export const Paging = { page: Page.default(1), limit: limitOf(100).default(20) };
/** A list's optional filter on a numeric status or state code, 1 to `max`. */
export const statusFilter = (max: number) => limitOf(max).optional();
export const Symbol = z.string({ error: 'requiredFields' }).trim().min(1, 'requiredFields').max(32, 'invalidInput');

export const Market = z.enum(MARKETS, { error: 'invalidInput' });
export type Market = z.infer<typeof Market>;

/** A region of the markets screen and the indices it lists (the spec's Category entity). */
export const Category = z.object({
  category_id: z.number().int(),
  category_code: z.string(),
  category_name: z.string(),
  stocks: z.array(z.object({ id: z.number().int(), stock_name: z.string(), stock_code: z.string() })),
});
export type Category = z.infer<typeof Category>;

export const categoryList = defineCall({
  ...routes.categoryList,
  input: NoInput,
  output: z.object({ categories: z.array(Category) }),
});

/** One candle; rows always hold low ≤ open, close ≤ high. `change` is close minus the previous close. */
export const Candle = z.object({
  timestamp: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
  change: z.number(),
});
export type Candle = z.infer<typeof Candle>;

export const Interval = z.enum(INTERVALS, { error: 'invalidInput' });
export type Interval = z.infer<typeof Interval>;

export const Quote = z.object({
  symbol: z.string(),
  name: z.string(),
  market: Market,
  exchange_name: z.string(),
  currency: z.string(),
  /** Display decimals: 2, forex 4. */
  precision: z.number().int(),
  price: z.number(),
  change: z.number(),
  changePercent: z.number(),
  percent_change: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  prevClose: z.number(),
  volume: z.number(),
  /** The exchange's IANA time zone: charts label times as the exchange does (09:15 IST, not the reader's clock). */
  timezone: z.string(),
  /** Whether the instrument's exchange is in session now; outside it the last price holds. */
  marketOpen: z.boolean(),
  /** Prices come from our simulator, not a licensed feed; the UI says so. */
  simulated: z.boolean(),
  asOf: z.number(),
});
export type Quote = z.infer<typeof Quote>;

/**
 * GET /v2/yahoo: a quote with its chart rows and sparkline paths. `mold` is the interval (default 1m). With
 * `view=spark` (optional, ours) `rows` is empty: a card needs the paths, not the day's candles (~110 KB of JSON
 * for a 1-minute index chart); the sparkline is still drawn from every row.
 */
export const yahoo = defineCall({
  ...routes.yahoo,
  input: z.strictObject({ symbol: Symbol, market: Market.optional(), mold: Interval.optional(), view: z.enum(YAHOO_VIEWS, { error: 'invalidInput' }).optional() }),
  output: Quote.extend({ rows: z.array(Candle), linePath: z.string(), areaPath: z.string() }),
});

/** The spec's stock list row; `prasent` (sic) is the current price, `close_prices` the previous close. */
export const StockRow = z.object({
  id: z.number().int(),
  stock: z.string(),
  name: z.string(),
  market: Market,
  market_name: z.string(),
  exchange_name: z.string(),
  prasent: z.number(),
  close_prices: z.number(),
  percent_change: z.number(),
  precision: z.number().int(),
});
export type StockRow = z.infer<typeof StockRow>;

/**
 * GET /v2/stock/list: `symbol` an index → its member stocks; `market` → that market's instruments;
 * `keyword` searches name or code. Paged.
 */
export const stockList = defineCall({
  ...routes.stockList,
  input: z.strictObject({
    symbol: Symbol.optional(),
    market: Market.optional(),
    keyword: z.string().trim().max(64, 'invalidInput').optional(),
    /** The spec's name for the futures and treasury lists' search (with `market`): matched as `keyword` is. */
    code: z.string().trim().max(64, 'invalidInput').optional(),
    page: Page.default(1),
    limit: limitOf(STOCK_LIST_MAX).default(10),
  }),
  output: z.object({ rows: z.array(StockRow), count: z.number().int() }),
});

/**
 * The spec's Currency pair: `prasent` the price, `percent_change` the change in percent since the previous close,
 * `price_change_percent` the same change as a price difference (quote currency; the spec's name kept). The rest is
 * a stock row's (ours): a pair is drawn as any instrument, with 4 decimals.
 */
export const CurrencyRow = StockRow.extend({ price_change_percent: z.number() });
export type CurrencyRow = z.infer<typeof CurrencyRow>;

/** GET /v2/currency/list: the forex pairs, paged by 10 (spec §9); `code` searches a pair's code or name. */
export const currencyList = defineCall({
  ...routes.currencyList,
  input: z.strictObject({
    page: Page.default(1),
    limit: limitOf(STOCK_LIST_MAX).default(FOREX_PAGE_SIZE),
    code: z.string().trim().max(64, 'invalidInput').optional(),
  }),
  output: z.object({ rows: z.array(CurrencyRow), count: z.number().int() }),
});

export const News = z.object({
  id: z.number().int(),
  title: z.string(),
  subhead: z.string(),
  img: z.string(),
  /** HTML; sanitized by the server on write and by the client before it is shown. */
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type News = z.infer<typeof News>;

export const newsList = defineCall({
  ...routes.newsList,
  input: z.strictObject({ page: Page.default(1), limit: limitOf(50).default(10) }),
  output: z.object({ rows: z.array(News.omit({ content: true })), count: z.number().int() }),
});

export const newsArticle = defineCall({
  ...routes.newsArticle,
  input: z.strictObject({ id: QueryId }),
  output: News,
});

const NewsWrite = z.strictObject({
  title: plainText(z.string().trim().min(1, 'requiredFields').max(200, 'invalidInput')),
  subhead: plainText(z.string().trim().max(500, 'invalidInput')).default(''),
  img: z.string().trim().max(1000, 'invalidInput').default(''),
  content: z.string().min(1, 'requiredFields').max(200_000, 'invalidInput'),
});

export const opsNewsCreate = defineCall({ ...opsRoutes.opsNewsCreate, input: NewsWrite, output: News });
export const opsNewsUpdate = defineCall({
  ...opsRoutes.opsNewsUpdate,
  input: NewsWrite.extend({ id: Id }),
  output: News,
});
export const opsNewsDelete = defineCall({
  ...opsRoutes.opsNewsDelete,
  input: z.strictObject({ id: Id }),
  output: z.literal('ok'),
});

/** Watchlist (the spec calls it collection). */
export const collectionAdd = defineCall({
  ...routes.collectionAdd,
  input: z.strictObject({ symbol: Symbol }),
  output: z.literal('ok'),
});
export const collectionRemove = defineCall({
  ...routes.collectionRemove,
  input: z.strictObject({ symbol: Symbol }),
  output: z.literal('ok'),
});
export const collectionCheck = defineCall({
  ...routes.collectionCheck,
  input: z.strictObject({ symbol: Symbol }),
  output: z.object({ collected: z.boolean() }),
});

export const WatchEntry = z.object({
  stock_name: z.string(),
  stock_code: z.string(),
  stock_detail: z.object({
    market: Market,
    prasent: z.number(),
    close_prices: z.number(),
    percent_change: z.number(),
    market_name: z.string(),
    exchange_name: z.string(),
    precision: z.number().int(),
  }),
});
export type WatchEntry = z.infer<typeof WatchEntry>;

export const collectionList = defineCall({
  ...routes.collectionList,
  input: z.strictObject({ page: Page.default(1), pageSize: limitOf(50).default(10) }),
  output: z.object({ list: z.array(WatchEntry), total: z.number().int() }),
});

