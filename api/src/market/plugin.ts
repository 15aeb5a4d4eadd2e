/**
 * Market data over HTTP: categories, quote + chart (GET /v2/yahoo), stock lists and search (GET /v2/stock/list), and
 * the live quote stream. One engine per app: seeded from config.marketSeed, MARKET_ALWAYS_OPEN from
 * config.marketAlwaysOpen, on the app's clock, with imported history from the price_history table.
 *
 * Hot path: nothing here touches the database per request (the engine is in memory; the bearer token check is
 * answered from the token cache, auth/token-cache.ts). A quote is fixed for the rest of its price tick (5 s while
 * the market is open, until the next open when it is closed), so the serialized answers of yahoo and stock/list are
 * kept per request shape and reused while every quote they show is unchanged.
 *
 * Wrapped with fastify-plugin: `app.market` is visible to the plugins registered after it in the /api scope
 * (the watchlist shows live quotes).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { calls, type CallInput } from '@invest/shared/contract';
import { ApiError } from '../http/errors';
import { parseInput, route, serializeOk, type SerializedOk } from '../http/route';
import { DbHistoryStore } from './db-history-store';
import { createPinnableEngine, type MarketEngine } from './engine';
import { LocalQuoteFeed, QuoteHub, registerQuoteStream } from './quotes-stream';
import type { Instrument, Market, Quote as EngineQuote } from './types';
import { lookupInstrument, sameQuote, searchInstruments, toCurrencyRow, toQuote, toStockRow } from './views';

export interface MarketService {
  engine: MarketEngine;
  /** Runs `fn` with the engine's clock held at `instant`, so every figure it reads is of one instant. */
  at<T>(instant: Date, fn: () => T): T;
  store: DbHistoryStore;
  hub: QuoteHub;
}

/**
 * Answers of GET contract calls that are the same for every user, by the call's path, for the server's own use: the
 * web server draws a route's first frame from them. Each checks its input as the route does and throws what the
 * route refuses.
 */
export type SharedAnswers = Readonly<Record<string, (input?: unknown) => unknown>>;

declare module 'fastify' {
  interface FastifyInstance {
    market: MarketService;
    marketAnswers: SharedAnswers;
    /** On the root: every domain's shared answers (buildApp), for what is registered beside the API. */
    sharedAnswers: SharedAnswers;
  }
}

/** Serialized answers whose quotes have not moved since they were made. Bounded; the oldest entry goes first. */
class TickCache<C extends Parameters<typeof serializeOk>[0]> {
  private readonly entries = new Map<string, { quotes: readonly EngineQuote[]; body: SerializedOk<C> }>();
  constructor(private readonly max: number) {}

  get(key: string, quotes: readonly EngineQuote[]): SerializedOk<C> | undefined {
    const e = this.entries.get(key);
    if (!e || e.quotes.length !== quotes.length) return undefined;
    for (let i = 0; i < quotes.length; i++) if (!sameQuote(e.quotes[i]!, quotes[i]!)) return undefined;
    return e.body;
  }

  set(key: string, quotes: readonly EngineQuote[], body: SerializedOk<C>): SerializedOk<C> {
    this.entries.delete(key);
    this.entries.set(key, { quotes, body });
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return body;
  }

  clear(): void {
    this.entries.clear();
  }
}

async function market(app: FastifyInstance): Promise<void> {
  const config = app.apiConfig;
  const store = await DbHistoryStore.load(app.db);
  const { engine, at } = createPinnableEngine({
    seed: config.marketSeed,
    alwaysOpen: config.marketAlwaysOpen,
    regions: config.markets,
    now: () => app.clock(),
    store,
  });
  const hub = new QuoteHub(new LocalQuoteFeed(engine, undefined, (err) => app.log.error({ err }, 'quote feed failed')));
  app.decorate('market', { engine, at, store, hub } satisfies MarketService);

  const charts = new TickCache<typeof calls.yahoo>(2_000);
  const lists = new TickCache<typeof calls.stockList>(1_000);
  store.onChange(() => {
    charts.clear();
    lists.clear();
  });

  const categories = () => ({ categories: engine.categories() });
  route(app, calls.categoryList, async () => categories());

  /** The quote and chart of `symbol` at `now`; one answer per request shape and price tick. */
  const chart = ({ symbol, market: wanted, mold = '1m', view }: CallInput<typeof calls.yahoo>, now: Date): SerializedOk<typeof calls.yahoo> => {
    const inst = lookupInstrument(engine, symbol, wanted);
    if (!inst) throw new ApiError(404, 'notFound');
    return at(now, () => {
      const q = engine.quote(inst.symbol);
      const key = `${inst.symbol}\u0001${mold}\u0001${view ?? ''}`;
      const cached = charts.get(key, [q]);
      if (cached) return cached;
      const rows = engine.history(inst.symbol, mold);
      // A card's answer (view=spark): the same quote and paths, without the rows they were drawn from.
      const shown = view === 'spark' ? [] : rows;
      return charts.set(key, [q], serializeOk(calls.yahoo, { ...toQuote(inst, q), rows: shown, ...engine.sparkline(rows) }));
    });
  };
  route(app, calls.yahoo, async (input, ctx) => chart(input, ctx.now));

  // The same answers, for the web server's first frames (@invest/web): market data is alike for everyone, and a bad
  // input is refused as the route refuses it.
  app.decorate('marketAnswers', {
    [calls.categoryList.path]: categories,
    [calls.yahoo.path]: (input: unknown) => (JSON.parse(chart(parseInput(calls.yahoo, input), app.clock()).json) as { data: unknown }).data,
  } satisfies SharedAnswers);

  // Index members and market lists never change while the app runs: made once, not per request.
  const members = new Map<string, readonly Instrument[]>();
  const membersOf = (inst: Instrument) => {
    let list = members.get(inst.symbol);
    if (!list) members.set(inst.symbol, (list = inst.kind === 'index' ? engine.members(inst.symbol) : [inst]));
    return list;
  };
  const tradable = new Map<string, readonly Instrument[]>();
  const tradableIn = (m: Market) => {
    let list = tradable.get(m);
    if (!list) tradable.set(m, (list = engine.instruments({ market: m }).filter((i) => i.kind !== 'index')));
    return list;
  };

  route(app, calls.stockList, async ({ symbol, market: wanted, keyword: typed, code, page, limit }, ctx) => {
    // `code` is the futures and treasury lists' name for the same search.
    const keyword = typed || code;
    let items: readonly Instrument[];
    if (symbol !== undefined) {
      // An index lists its members; any other instrument lists itself.
      const inst = lookupInstrument(engine, symbol);
      if (!inst) throw new ApiError(404, 'notFound');
      items = membersOf(inst);
      if (wanted) items = items.filter((i) => i.market === wanted);
    } else if (keyword) {
      items = searchInstruments(engine, keyword, wanted);
    } else if (wanted) {
      // A market lists what can be traded there: its indices are not in it (they are in categories).
      items = tradableIn(wanted);
    } else {
      throw new ApiError(400, 'requiredFields');
    }
    if (symbol !== undefined && keyword) {
      const matches = new Set(searchInstruments(engine, keyword, wanted));
      items = items.filter((i) => matches.has(i));
    }
    const slice = items.slice((page - 1) * limit, page * limit);
    return at(ctx.now, () => {
      const quotes = slice.map((i) => engine.quote(i.symbol));
      const key = `${symbol ?? ''}\u0001${wanted ?? ''}\u0001${page}\u0001${limit}\u0001${keyword ?? ''}`;
      const cached = lists.get(key, quotes);
      if (cached) return cached;
      const rows = slice.map((inst, i) => toStockRow(inst, quotes[i]!));
      return lists.set(key, quotes, serializeOk(calls.stockList, { rows, count: items.length }));
    });
  });

  // The forex pairs (spec: Currency pair), 10 a page for the infinite list; `code` searches a pair's code or name.
  const pairs = new TickCache<typeof calls.currencyList>(200);
  store.onChange(() => pairs.clear());
  route(app, calls.currencyList, async ({ page, limit, code }, ctx) => {
    const items = code ? searchInstruments(engine, code, 'FOREX') : tradableIn('FOREX');
    const slice = items.slice((page - 1) * limit, page * limit);
    return at(ctx.now, () => {
      const quotes = slice.map((i) => engine.quote(i.symbol));
      const key = `${page}\u0001${limit}\u0001${code ?? ''}`;
      const cached = pairs.get(key, quotes);
      if (cached) return cached;
      const rows = slice.map((inst, i) => toCurrencyRow(inst, quotes[i]!));
      return pairs.set(key, quotes, serializeOk(calls.currencyList, { rows, count: items.length }));
    });
  });

  registerQuoteStream(app, engine, hub);
}

export const marketPlugin = fp(market, { name: 'invest-market' });
