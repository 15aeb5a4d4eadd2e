/**
 * News: the list and an article for users; create, update and delete for operators (audited, in the same
 * transaction as the change). Article HTML is sanitized on write (sanitize.ts). The demo pictures are served from
 * GET /api/static/news/<n>.svg, public (an <img> sends no Authorization header) and cacheable.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { calls } from '@invest/shared/contract';
import { news } from '../db/schema';
import { ApiError } from '../http/errors';
import { route, subjectOf } from '../http/route';
import { audit } from '../ops/audit';
import { NEWS_IMAGES } from './images';
import { checkImageUrl, isEmptyHtml, sanitizeArticleHtml } from './sanitize';
import { findLiveNews, listNews, toNews } from './store';

/** Cleans an article as written by an operator; 400 when nothing would be left to show. */
function cleanArticle(input: { title: string; subhead: string; img: string; content: string }) {
  const content = sanitizeArticleHtml(input.content);
  if (isEmptyHtml(content)) throw new ApiError(400, 'requiredFields');
  return { title: input.title, subhead: input.subhead, img: checkImageUrl(input.img), content };
}

export async function newsPlugin(app: FastifyInstance): Promise<void> {
  route(app, calls.newsList, async ({ page, limit }) => listNews(app.db, page, limit));

  route(app, calls.newsArticle, async ({ id }) => {
    const row = await findLiveNews(app.db, id);
    if (!row) throw new ApiError(404, 'notFound');
    return toNews(row);
  });

  route(app, calls.opsNewsCreate, async (input, ctx) => {
    const article = cleanArticle(input);
    const operatorId = subjectOf(ctx).id;
    return app.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(news)
        .values({ ...article, createdAt: ctx.now, updatedAt: ctx.now })
        .returning();
      if (!row) throw new Error('insert into news returned no row');
      await audit(tx, { operatorId, action: 'news.create', target: String(row.id), detail: { title: row.title } }, ctx.now);
      return toNews(row);
    });
  });

  route(app, calls.opsNewsUpdate, async ({ id, ...input }, ctx) => {
    const article = cleanArticle(input);
    const operatorId = subjectOf(ctx).id;
    return app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(news)
        .set({ ...article, updatedAt: ctx.now })
        .where(and(eq(news.id, id), isNull(news.deletedAt)))
        .returning();
      if (!row) throw new ApiError(404, 'notFound');
      await audit(tx, { operatorId, action: 'news.update', target: String(id), detail: { title: row.title } }, ctx.now);
      return toNews(row);
    });
  });

  route(app, calls.opsNewsDelete, async ({ id }, ctx) => {
    const operatorId = subjectOf(ctx).id;
    await app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(news)
        .set({ deletedAt: ctx.now })
        .where(and(eq(news.id, id), isNull(news.deletedAt)))
        .returning({ title: news.title });
      if (!row) throw new ApiError(404, 'notFound');
      await audit(tx, { operatorId, action: 'news.delete', target: String(id), detail: { title: row.title } }, ctx.now);
    });
    return 'ok' as const;
  });

  app.get<{ Params: { file: string } }>('/static/news/:file', async (req, reply) => {
    const m = /^(\w+)\.svg$/.exec(req.params.file);
    const svg = m && Object.hasOwn(NEWS_IMAGES, m[1]!) ? NEWS_IMAGES[m[1]!] : undefined;
    if (!svg) throw new ApiError(404, 'notFound');
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      // Opened directly, an SVG is a document: it may draw, never run anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(svg);
  });
}
