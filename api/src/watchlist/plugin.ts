/**
 * The watchlist (the spec's collection): a user's favourite instruments, newest first, each with its live quote.
 * Every query is scoped to the caller's own user id: a user can neither see nor change another user's list.
 * Symbols are stored canonical (`RELIANCE.NS`, not `reliance`), so one instrument is one row.
 */
import type { FastifyInstance } from 'fastify';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { calls } from '@invest/shared/contract';
import { watchlist } from '../db/schema';
import { ApiError } from '../http/errors';
import { route, subjectOf } from '../http/route';
import { lookupInstrument, toWatchEntry } from '../market/views';

export async function watchlistPlugin(app: FastifyInstance): Promise<void> {
  if (!app.hasDecorator('market')) throw new Error('watchlistPlugin needs marketPlugin registered before it');
  const { engine, at } = app.market;
  // Rows of instruments the reference data no longer has are kept (a later file may bring them back) but not shown.
  const known = engine.instruments().map((i) => i.symbol);

  const instrumentOf = (symbol: string) => {
    const inst = lookupInstrument(engine, symbol);
    if (!inst) throw new ApiError(404, 'notFound');
    return inst;
  };

  route(app, calls.collectionAdd, async ({ symbol }, ctx) => {
    const inst = instrumentOf(symbol);
    // Idempotent, also for two taps at once: the unique (user, symbol) index keeps one row.
    await app.db
      .insert(watchlist)
      .values({ userId: subjectOf(ctx).id, symbol: inst.symbol, createdAt: ctx.now })
      .onConflictDoNothing({ target: [watchlist.userId, watchlist.symbol] });
    return 'ok' as const;
  });

  route(app, calls.collectionRemove, async ({ symbol }, ctx) => {
    const userId = subjectOf(ctx).id;
    const inst = lookupInstrument(engine, symbol);
    const removed = await app.db
      .delete(watchlist)
      .where(and(eq(watchlist.userId, userId), eq(watchlist.symbol, inst?.symbol ?? symbol.toUpperCase())))
      .returning({ id: watchlist.id });
    // Removing what is not there is fine (a double tap); a symbol nobody knows is not.
    if (!inst && removed.length === 0) throw new ApiError(404, 'notFound');
    return 'ok' as const;
  });

  route(app, calls.collectionCheck, async ({ symbol }, ctx) => {
    const inst = instrumentOf(symbol);
    const [row] = await app.db
      .select({ id: watchlist.id })
      .from(watchlist)
      .where(and(eq(watchlist.userId, subjectOf(ctx).id), eq(watchlist.symbol, inst.symbol)))
      .limit(1);
    return { collected: row !== undefined };
  });

  route(app, calls.collectionList, async ({ page, pageSize }, ctx) => {
    const mine = and(eq(watchlist.userId, subjectOf(ctx).id), inArray(watchlist.symbol, known));
    const [total] = await app.db.select({ n: count() }).from(watchlist).where(mine);
    const rows = await app.db
      .select({ symbol: watchlist.symbol })
      .from(watchlist)
      .where(mine)
      .orderBy(desc(watchlist.createdAt), desc(watchlist.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const list = at(ctx.now, () =>
      rows.map(({ symbol }) => {
        const inst = engine.instrument(symbol)!;
        return toWatchEntry(inst, engine.quote(inst.symbol));
      }),
    );
    return { list, total: total?.n ?? 0 };
  });
}
