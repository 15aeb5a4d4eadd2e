import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { calls, isBlockMold, QUANTITY_FULL_MAX, QUANTITY_HALF_MAX, QUANTITY_MIN } from '@invest/shared/contract';
import { ApiError, apiErrorHandler } from '../http/errors';
import { idempotencyKey, route, subjectOf, type Handler } from '../http/route';
import { placeBlockBuy } from '../products/offers/buy';
import { blockOrderFilter } from '../products/offers/order-filter';
import { OrderMatcher } from './matcher';
import { BillMaturity, MATURITY_INTERVAL_MS } from './maturity';
import { cancelOrder, findOrder, listOrders, openLots, orderViews, placeBuy, sellLot, type TradeDeps } from './orders';
import { listTrades } from './records';
import { PriceMovedError, tradeRules } from './rules';

const POSITIONS_BEFORE_THE_SPEC = '/stock/success/deal/positions';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * This process's order matcher and bill maturity job, set by the trading plugin (tests call tick()); decorated on
     * the root by buildApp.
     */
    trading: { matcher: OrderMatcher | null; maturity: BillMaturity | null };
    /** Milliseconds between matcher ticks (AppDeps.matcherIntervalMs); 0 = no timer. */
    matcherIntervalMs: number;
  }
}

/**
 * Trading calls (deal/buy, sell, cancel, the lists, positions) and the order matcher's life cycle: started when the
 * app is ready, stopped (waiting for a tick in progress) when it closes. Registered after the market plugin.
 */
export async function tradingPlugin(app: FastifyInstance): Promise<void> {
  const deps: TradeDeps = { db: app.db, market: app.market, currency: app.apiConfig.currency, maxAmount: app.apiConfig.maxAmount };
  const matcher = new OrderMatcher(deps, { intervalMs: app.matcherIntervalMs, lease: app.jobLease, clock: () => app.clock(), log: app.log });
  app.trading.matcher = matcher;
  // The maturity job runs when the matcher does: tests set its interval to 0 and drive both by hand.
  const maturity = new BillMaturity(app.db, app.market.engine, {
    intervalMs: app.matcherIntervalMs > 0 ? MATURITY_INTERVAL_MS : 0,
    lease: app.jobLease,
    clock: () => app.clock(),
    log: app.log,
  });
  app.trading.maturity = maturity;
  app.addHook('onReady', async () => {
    matcher.start();
    maturity.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all([matcher.stop(), maturity.stop()]);
  });

  // A price that moved past the collar answers 409 with the engine's price, so the screen can show it.
  app.setErrorHandler(function (err: FastifyError | Error, req, reply) {
    if (err instanceof PriceMovedError) {
      return reply.code(409).send({ msg: 'no', data: 'priceMoved', price: err.price, seen: err.seen, collar_bps: err.collarBps });
    }
    return apiErrorHandler.call(this, err, req, reply);
  });

  route(app, calls.dealBuy, async (input, ctx) => {
    // Block trading and QIP buy from an offer, at its block price (products/offers).
    if (isBlockMold(input.mold)) {
      const block = { userId: subjectOf(ctx).id, key: idempotencyKey(ctx), mold: input.mold, offerId: input.id!, tag: input.tag, count: input.count, price: input.price };
      const row = await placeBlockBuy(deps, { ...block, code: String(input.stock_password ?? '') }, ctx.now);
      return orderViews(app.market, ctx.now).toOrder(row);
    }
    const row = await placeBuy(
      deps,
      {
        userId: subjectOf(ctx).id,
        key: idempotencyKey(ctx),
        tag: input.tag,
        count: input.count,
        price: input.price,
        seenPrice: input.seen_price,
        mold: input.mold,
        kind: input.kind,
        limitPrice: input.limit_price,
        tif: input.tif,
      },
      ctx.now,
    );
    return orderViews(app.market, ctx.now).toOrder(row);
  });

  route(app, calls.dealSell, async (input, ctx) => {
    const row = await sellLot(deps, { userId: subjectOf(ctx).id, key: idempotencyKey(ctx), no: input.no, sellPrice: input.sell_price }, ctx.now);
    return orderViews(app.market, ctx.now).toOrder(row);
  });

  route(app, calls.dealOrder, async (input, ctx) => {
    const row = await findOrder(app.db, subjectOf(ctx).id, input.no);
    if (!row) throw new ApiError(404, 'notFound');
    return orderViews(app.market, ctx.now).toOrder(row);
  });

  route(app, calls.dealCancel, async (input, ctx) => {
    const row = await cancelOrder(app.db, { userId: subjectOf(ctx).id, no: input.no }, ctx.now);
    return orderViews(app.market, ctx.now).toOrder(row);
  });

  // The records: a sold lot's buy and its sale are two entries, each with the state of the trade it records.
  route(app, calls.dealList, async (input, ctx) => {
    const { entries, count } = await listTrades(app.db, subjectOf(ctx).id, blockOrderFilter(input));
    const { toOrder } = orderViews(app.market, ctx.now);
    return { rows: entries.map((e) => ({ ...toOrder(e.row), state: e.side })), count };
  });

  route(app, calls.orderList, async (input, ctx) => {
    const { rows, count } = await listOrders(app.db, subjectOf(ctx).id, blockOrderFilter(input));
    const { toOrder } = orderViews(app.market, ctx.now);
    return { rows: rows.map(toOrder), count };
  });

  const positions: Handler<typeof calls.positions> = async (input, ctx) => {
    const userId = subjectOf(ctx).id;
    const lots = await openLots(app.db, userId, input.type);
    lots.sort((a, b) => b.id - a.id);
    const { toOrder, dayPnlOf } = orderViews(app.market, ctx.now);
    const all = lots.map(toOrder);
    const sum = (f: (o: (typeof all)[number]) => number) => all.reduce((s, o) => s + f(o), 0);
    const rows = all.slice((input.page - 1) * input.limit, input.page * input.limit);
    return {
      rows,
      count: all.length,
      cost: sum((o) => o.cost),
      value: sum((o) => o.value ?? 0),
      unrealized_pnl: sum((o) => o.unrealized_pnl ?? 0),
      day_pnl: lots.reduce((s, o) => s + dayPnlOf(o), 0),
      ...(input.include === 'chart' && rows[0] ? { chart: firstChart(rows[0].tag) } : {}),
    };
  };
  // The day candles of a lot's instrument, as the market's own GET /v2/yahoo answers them (one answer per tick).
  const firstChart = (symbol: string) => app.marketAnswers[calls.yahoo.path]!({ symbol, mold: '1d' }) as z.input<typeof calls.yahoo.output>;
  route(app, calls.positions, positions);
  // The path the trade screen called before it took the spec's: a trading remote built then still calls it.
  route(app, { ...calls.positions, path: POSITIONS_BEFORE_THE_SPEC }, positions);

  route(app, calls.tradeRulesInfo, async () => {
    const r = await tradeRules(app.db);
    return {
      fee_bps: r.feeBps,
      fee_min: r.feeMin,
      collar_bps: r.collarBps,
      fx_max_age_seconds: r.fxMaxAgeSeconds,
      quantity_min: QUANTITY_MIN,
      quantity_half_max: QUANTITY_HALF_MAX,
      quantity_full_max: QUANTITY_FULL_MAX,
      currency: app.apiConfig.currency,
    };
  });
}
