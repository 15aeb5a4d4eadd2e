/**
 * Live quotes as server-sent events: GET /api/v2/quotes/stream?symbols=A,B (contract: QUOTE_STREAM_PATH).
 *
 * One QuoteHub per app fans quotes out to every open stream: a single ticker per process (QUOTE_TICK_MS) asks the
 * feed for the quotes of the symbols someone watches, and a quote that changed is serialized once and written to
 * each of its subscribers. A comment heartbeat (HEARTBEAT_MS) keeps proxies from closing quiet streams.
 *
 * Public on purpose (market data is the same for everyone, and EventSource cannot send an Authorization header),
 * so it is bounded instead: the open streams per client address and per process of every event stream
 * (http/event-stream.ts), at most QUOTE_STREAM_MAX_SYMBOLS symbols per stream, and a client that stops reading is
 * dropped once it is too far behind.
 *
 * Cross-replica seam: quotes come from a QuoteFeed. LocalQuoteFeed polls this process's engine (every replica
 * computes the same simulated prices from the same seed and clock, so nothing needs sharing today). With a licensed
 * live feed held by one replica, a Redis feed would subscribe to the channel that replica publishes on and call
 * `onQuote` for each message; the hub and the route stay as they are.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { calls, QUOTE_STREAM_MAX_SYMBOLS, QUOTE_STREAM_PATH } from '@invest/shared/contract';
import { ApiError } from '../http/errors';
import { endEventStream, startEventStream, streamSlots, writeEvent } from '../http/event-stream';
import type { MarketEngine } from './engine';
import { lookupInstrument, sameQuote, toQuote, type Quote } from './views';

/** How often the shared ticker looks for new prices (the simulator moves every 5 s). */
export const QUOTE_TICK_MS = 1_000;
export const HEARTBEAT_MS = 15_000;
/** Tells EventSource how long to wait before it reconnects by itself. */
const RETRY_MS = 5_000;

/** Where the hub's quotes come from. */
export interface QuoteFeed {
  /** The current quote of a canonical symbol. */
  current(symbol: string): Quote;
  /** Start calling `onQuote` with the quotes of the symbols `wanted()` names (repeats are fine); returns stop(). */
  start(wanted: () => Iterable<string>, onQuote: (q: Quote) => void): () => void;
}

/** Polls the engine on one timer for the whole process. */
export class LocalQuoteFeed implements QuoteFeed {
  constructor(
    private readonly engine: MarketEngine,
    private readonly tickMs = QUOTE_TICK_MS,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  current(symbol: string): Quote {
    const inst = this.engine.instrument(symbol);
    if (!inst) throw new Error(`unknown symbol ${symbol}`);
    return toQuote(inst, this.engine.quote(inst.symbol));
  }

  start(wanted: () => Iterable<string>, onQuote: (q: Quote) => void): () => void {
    const timer = setInterval(() => {
      for (const s of wanted()) {
        try {
          onQuote(this.current(s));
        } catch (err) {
          this.onError(err);
        }
      }
    }, this.tickMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}

/** One open stream. */
export interface Subscriber {
  readonly symbols: readonly string[];
  /** Writes a chunk; false when the client is gone or too far behind (it is then closed). */
  write(chunk: string): boolean;
  /** Ends the stream (shutdown). */
  end(): void;
}

const quoteEvent = (q: Quote) => `event: quote\ndata: ${JSON.stringify(q)}\n\n`;

export class QuoteHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly bySymbol = new Map<string, Set<Subscriber>>();
  /** The last quote sent per watched symbol, and its serialized event. */
  private readonly last = new Map<string, { quote: Quote; chunk: string }>();
  private stopFeed: (() => void) | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly feed: QuoteFeed,
    private readonly heartbeatMs = HEARTBEAT_MS,
  ) {}

  get size(): number {
    return this.subscribers.size;
  }

  /** Symbols someone watches now. */
  watched(): string[] {
    return [...this.bySymbol.keys()];
  }

  /**
   * Adds a subscriber and sends it the current quote of each of its symbols at once. Returns the unsubscribe
   * function (idempotent).
   */
  subscribe(sub: Subscriber): () => void {
    if (this.closed) {
      sub.end();
      return () => {};
    }
    this.subscribers.add(sub);
    for (const s of sub.symbols) {
      let set = this.bySymbol.get(s);
      if (!set) this.bySymbol.set(s, (set = new Set()));
      set.add(sub);
    }
    this.startTimers();
    for (const s of sub.symbols) {
      // A newer quote than the hub last sent goes to every subscriber of the symbol (this one included).
      if (!this.offer(this.feed.current(s))) {
        const last = this.last.get(s);
        if (last && !sub.write(last.chunk)) break;
      }
    }
    return () => this.remove(sub);
  }

  /** A quote from the feed: sent to the symbol's subscribers when it differs from the last one sent. */
  offer(q: Quote): boolean {
    const subs = this.bySymbol.get(q.symbol);
    if (!subs) return false;
    const prev = this.last.get(q.symbol);
    if (prev && sameQuote(prev.quote, q)) return false;
    const chunk = quoteEvent(q);
    this.last.set(q.symbol, { quote: q, chunk });
    for (const sub of [...subs]) sub.write(chunk);
    return true;
  }

  /** Ends every stream and stops the timers; later subscribers are turned away. */
  close(): void {
    this.closed = true;
    for (const sub of [...this.subscribers]) {
      this.remove(sub);
      sub.end();
    }
    this.stopTimers();
  }

  private remove(sub: Subscriber): void {
    if (!this.subscribers.delete(sub)) return;
    for (const s of sub.symbols) {
      const set = this.bySymbol.get(s);
      if (!set) continue;
      set.delete(sub);
      if (set.size === 0) {
        this.bySymbol.delete(s);
        this.last.delete(s);
      }
    }
    if (this.subscribers.size === 0) this.stopTimers();
  }

  private startTimers(): void {
    if (!this.stopFeed) this.stopFeed = this.feed.start(() => this.bySymbol.keys(), (q) => this.offer(q));
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => {
        for (const sub of [...this.subscribers]) sub.write(': heartbeat\n\n');
      }, this.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  private stopTimers(): void {
    this.stopFeed?.();
    this.stopFeed = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}

/** A subscriber writing to an HTTP response. */
function responseSubscriber(res: ServerResponse, symbols: readonly string[]): Subscriber {
  return { symbols, write: (chunk) => writeEvent(res, chunk), end: () => endEventStream(res) };
}

/** The contract's Symbol rule (as in every call that takes a symbol). */
const SymbolSchema = calls.collectionCheck.input.shape.symbol;

const StreamQuery = z.strictObject({
  symbols: z
    .string({ error: 'requiredFields' })
    .max(QUOTE_STREAM_MAX_SYMBOLS * 33, 'invalidInput'),
});

/** The canonical symbols of `?symbols=A,B`, or an ApiError (400) naming what is wrong. */
export function parseStreamSymbols(engine: MarketEngine, query: unknown): string[] {
  const parsed = StreamQuery.safeParse(query);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(400, issue?.code === 'unrecognized_keys' ? 'unknownField' : issue?.message === 'requiredFields' ? 'requiredFields' : 'invalidInput');
  }
  const parts = parsed.data.symbols
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new ApiError(400, 'requiredFields');
  const symbols = new Set<string>();
  for (const part of parts) {
    if (!SymbolSchema.safeParse(part).success) throw new ApiError(400, 'invalidInput');
    const inst = lookupInstrument(engine, part);
    if (!inst) throw new ApiError(400, 'invalidInput');
    symbols.add(inst.symbol);
  }
  if (symbols.size > QUOTE_STREAM_MAX_SYMBOLS) throw new ApiError(400, 'invalidInput');
  return [...symbols];
}

/** Registers GET QUOTE_STREAM_PATH in the current (/api) scope and closes every stream when the app closes. */
export function registerQuoteStream(app: FastifyInstance, engine: MarketEngine, hub: QuoteHub): void {
  const slots = streamSlots();

  // Before the server waits for in-flight requests: open streams would otherwise hold shutdown forever.
  app.addHook('preClose', async () => hub.close());

  // GET only: Fastify's automatic HEAD route would run this handler too, and a hijacked HEAD never ends (it held a
  // stream slot and the connection). HEAD falls to the 404 handler.
  app.get(QUOTE_STREAM_PATH, { exposeHeadRoute: false }, async (req: FastifyRequest, reply: FastifyReply) => {
    const symbols = parseStreamSymbols(engine, req.query);
    const releaseSlot = slots.take(req.ip);
    const res = startEventStream(req, reply, `retry: ${RETRY_MS}\n\n`);

    let released = false;
    let unsubscribe = () => {};
    const openedAt = Date.now();
    const release = () => {
      if (released) return;
      released = true;
      unsubscribe();
      // A hijacked reply gets no "request completed" line from Fastify.
      req.log.info({ symbols: symbols.length, durationMs: Date.now() - openedAt }, 'quote stream closed');
      releaseSlot();
    };
    res.on('close', release);
    unsubscribe = hub.subscribe(responseSubscriber(res, symbols));
    // Gone already (before 'close' was listened to, or dropped while the first quotes were written).
    if (res.destroyed) release();
  });
}
