import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/database';
import { news, type NewsRow } from '../db/schema';
import { sanitizeArticleHtml } from './sanitize';
import { SEED_ARTICLES } from './seed-articles';

/** The contract's News (content included). */
export function toNews(row: NewsRow) {
  return {
    id: row.id,
    title: row.title,
    subhead: row.subhead,
    img: row.img,
    content: row.content,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const live = isNull(news.deletedAt);

/** One page of live articles, newest first, without their content; and how many there are. */
export async function listNews(db: DbOrTx, page: number, limit: number) {
  const [total] = await db.select({ n: count() }).from(news).where(live);
  const rows = await db
    .select({
      id: news.id,
      title: news.title,
      subhead: news.subhead,
      img: news.img,
      createdAt: news.createdAt,
      updatedAt: news.updatedAt,
    })
    .from(news)
    .where(live)
    .orderBy(desc(news.createdAt), desc(news.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      subhead: r.subhead,
      img: r.img,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    count: total?.n ?? 0,
  };
}

export async function findLiveNews(db: DbOrTx, id: number): Promise<NewsRow | null> {
  const [row] = await db.select().from(news).where(and(eq(news.id, id), live)).limit(1);
  return row ?? null;
}

const HOUR_MS = 3_600_000;

/**
 * The demo articles (SEED_ARTICLES), a few hours apart, newest first. Idempotent and safe with several replicas
 * starting at once (unique seed_key, insert ... on conflict do nothing); an article an operator deleted stays
 * deleted. Returns how many were inserted.
 */
export async function seedNews(db: Db, now = new Date()): Promise<number> {
  const rows = SEED_ARTICLES.map((a, i) => {
    const at = new Date(now.getTime() - i * 3 * HOUR_MS);
    return {
      title: a.title,
      subhead: a.subhead,
      img: a.img,
      content: sanitizeArticleHtml(a.content),
      seedKey: a.key,
      createdAt: at,
      updatedAt: at,
    };
  });
  const inserted = await db.insert(news).values(rows).onConflictDoNothing({ target: news.seedKey }).returning({ id: news.id });
  return inserted.length;
}
