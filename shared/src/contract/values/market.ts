// Market data: the contract's plain values (no zod), which the web apps' start may import.

export const MARKETS = ['IN', 'US', 'MX', 'FOREX', 'FUTURE', 'CGI'] as const;

/** The market a route segment or a row names, if it is one of ours (else the server decides by the code). */
export const marketOf = (v: string | null | undefined): (typeof MARKETS)[number] | undefined =>
  (MARKETS as readonly (string | null | undefined)[]).includes(v) ? (v as (typeof MARKETS)[number]) : undefined;

/** Chart intervals; each has the spec's fixed range (1m over 1d, 1d and 1wk over 1y, 1mo over 5y). */
export const INTERVALS = ['1m', '1d', '1wk', '1mo'] as const;
export const RANGE_OF: Record<(typeof INTERVALS)[number], '1d' | '1y' | '5y'> = { '1m': '1d', '1d': '1y', '1wk': '1y', '1mo': '5y' };

/** Our addition to /v2/yahoo: `view=spark` answers what a price card draws, the quote and its sparkline paths. */
export const YAHOO_VIEWS = ['spark'] as const;
export const STOCK_LIST_MAX = 100;
/** Spec §9: the forex list loads 10 pairs at a time. */
export const FOREX_PAGE_SIZE = 10;
export const NEWS_PAGE_SIZES = [10, 20, 30, 50] as const;

/**
 * Server-sent events of live quotes: GET /api/v2/quotes/stream?symbols=A,B (at most 50 symbols).
 * Each `quote` event's data is a Quote; clients fall back to polling when the stream is unavailable.
 */
export const QUOTE_STREAM_PATH = '/v2/quotes/stream';
export const QUOTE_STREAM_MAX_SYMBOLS = 50;
