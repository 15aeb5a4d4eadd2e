import { desc, eq } from 'drizzle-orm';
import { calls } from '@invest/shared/contract';
import { auditLog, news } from '../src/db/schema';
import { SEED_ARTICLES } from '../src/news/seed-articles';
import { seedNews } from '../src/news/store';
import { backends, HOOK_TIMEOUT, useApp } from './harness';

describe.each(backends)('news on $name', (backend) => {
  const t = useApp(backend);
  const db = () => t.current.database.db;
  let user: string;
  let ops: string;
  beforeAll(async () => {
    const { phone, password } = await t.current.register();
    user = await t.current.login(phone, password);
    ops = await t.current.operatorToken();
  }, HOOK_TIMEOUT);

  const lastAudit = async () => (await db().select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];
  const article = {
    title: 'Rates and shares',
    subhead: 'Why one moves the other',
    img: 'https://img.example/rates.png',
    content: '<p>Rates <strong>matter</strong>.</p>',
  };

  describe('reading', () => {
    it('lists the seeded articles newest first, paged, without their content', async () => {
      const res = await t.current.get('/stock/new/list', { token: user, query: { page: '1', limit: '10' } });
      expect(res.status).toBe(200);
      const data = calls.newsList.output.parse(res.body.data);
      expect(data.count).toBe(SEED_ARTICLES.length);
      expect(data.rows.map((r) => r.title)).toEqual(SEED_ARTICLES.map((a) => a.title));
      for (const row of res.body.data.rows) expect(row).not.toHaveProperty('content');
      const times = data.rows.map((r) => Date.parse(r.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const page2 = await t.current.get('/stock/new/list', { token: user, query: { page: '2', limit: '3' } });
      expect(page2.body.data.rows.map((r: { title: string }) => r.title)).toEqual(SEED_ARTICLES.slice(3, 6).map((a) => a.title));
      expect(page2.body.data.count).toBe(SEED_ARTICLES.length);
    });

    it('shows an article with its HTML, and serves its picture from the API', async () => {
      const [first] = (await t.current.get('/stock/new/list', { token: user })).body.data.rows;
      const res = await t.current.get('/stock/new/index', { token: user, query: { id: String(first.id) } });
      expect(res.status).toBe(200);
      const data = calls.newsArticle.output.strict().parse(res.body.data);
      expect(data.content).toContain('<p>');
      expect(data.img).toMatch(/^\/api\/static\/news\/\d\.svg$/);
      const img = await t.current.inject({ method: 'GET', url: data.img });
      expect(img.status).toBe(200);
      expect(img.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(img.headers['cache-control']).toBe('public, max-age=86400');
      expect(String(img.body.data)).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect((await t.current.inject({ method: 'GET', url: '/api/static/news/9.svg' })).status).toBe(404);
      expect((await t.current.inject({ method: 'GET', url: '/api/static/news/__proto__.svg' })).status).toBe(404);
    });

    it.each([
      ['/stock/new/index', { id: '999999' }, 404, 'notFound'],
      ['/stock/new/index', { id: '0' }, 400, 'invalidInput'],
      ['/stock/new/index', { id: 'one' }, 400, 'invalidInput'],
      ['/stock/new/index', {}, 400, 'invalidInput'],
      ['/stock/new/list', { page: '0' }, 400, 'invalidInput'],
      ['/stock/new/list', { limit: '10000' }, 400, 'invalidInput'],
      ['/stock/new/list', { limit: '51' }, 400, 'invalidInput'],
      ['/stock/new/list', { order: 'asc' }, 400, 'unknownField'],
    ])('%s %j answers %i %s', async (path, query, status, key) => {
      const res = await t.current.get(path, { token: user, query: query as Record<string, string> });
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ msg: 'no', data: key });
    });

    it('needs a user token', async () => {
      expect((await t.current.get('/stock/new/list')).status).toBe(401);
      expect((await t.current.get('/stock/new/list', { token: ops })).status).toBe(403);
    });
  });

  describe('operators write', () => {
    it('creates, updates and deletes an article, each audited', async () => {
      const created = await t.current.post('/ops/news', article, { token: ops });
      expect(created.status).toBe(200);
      const a = calls.opsNewsCreate.output.parse(created.body.data);
      expect(a).toMatchObject(article);
      expect(await lastAudit()).toMatchObject({ action: 'news.create', target: String(a.id), detail: { title: article.title } });
      const top = (await t.current.get('/stock/new/list', { token: user })).body.data.rows[0];
      expect(top.id).toBe(a.id);

      t.current.advance(1_000);
      const updated = await t.current.post('/ops/news/update', { ...article, id: a.id, title: 'Rates, shares and bonds', img: '' }, { token: ops });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ id: a.id, title: 'Rates, shares and bonds', img: '', created_at: a.created_at });
      expect(Date.parse(updated.body.data.updated_at)).toBeGreaterThan(Date.parse(a.updated_at));
      expect(await lastAudit()).toMatchObject({ action: 'news.update', target: String(a.id) });
      const shown = await t.current.get('/stock/new/index', { token: user, query: { id: String(a.id) } });
      expect(shown.body.data.title).toBe('Rates, shares and bonds');

      const deleted = await t.current.post('/ops/news/delete', { id: a.id }, { token: ops });
      expect(deleted.body).toEqual({ msg: 'ok', data: 'ok' });
      expect(await lastAudit()).toMatchObject({ action: 'news.delete', target: String(a.id) });
      expect((await t.current.get('/stock/new/index', { token: user, query: { id: String(a.id) } })).status).toBe(404);
      const list = (await t.current.get('/stock/new/list', { token: user, query: { limit: '50' } })).body.data;
      expect(list.rows.some((r: { id: number }) => r.id === a.id)).toBe(false);
      expect(list.count).toBe(SEED_ARTICLES.length);
      // Gone is gone: neither updated nor deleted again.
      expect((await t.current.post('/ops/news/delete', { id: a.id }, { token: ops })).status).toBe(404);
      expect((await t.current.post('/ops/news/update', { ...article, id: a.id }, { token: ops })).status).toBe(404);
    });

    it('sanitizes the HTML on write: scripts, event handlers and javascript: links go', async () => {
      const content =
        '<h2 onclick="steal()">Title</h2><script>alert(1)</script><p>Text<img src="x.png" onerror="alert(2)"></p>' +
        '<a href="javascript:alert(3)">bad</a> <a href="https://ok.example/" onmouseover="x()">good</a>' +
        '<iframe src="https://evil.example"></iframe><style>p{}</style><p style="color:red">styled</p><img src="data:image/svg+xml,<svg/onload=alert(4)>">';
      const res = await t.current.post('/ops/news', { ...article, content }, { token: ops });
      expect(res.status).toBe(200);
      const saved: string = res.body.data.content;
      expect(saved).toBe(
        '<h2>Title</h2><p>Text<img src="x.png" /></p><a>bad</a> <a href="https://ok.example/">good</a><p>styled</p>',
      );
      for (const bad of ['script', 'onerror', 'onclick', 'javascript:', 'iframe', '<style', 'style=', 'data:']) expect(saved).not.toContain(bad);
      const [row] = await db().select().from(news).where(eq(news.id, res.body.data.id));
      expect(row!.content).toBe(saved);
    });

    it.each([
      [{ ...article, content: '<script>alert(1)</script>' }, 'requiredFields'],
      [{ ...article, content: '' }, 'requiredFields'],
      [{ ...article, title: '  ' }, 'requiredFields'],
      [{ ...article, img: 'javascript:alert(1)' }, 'invalidInput'],
      [{ ...article, img: '//evil.example/x.png' }, 'invalidInput'],
      [{ ...article, title: 'x'.repeat(201) }, 'invalidInput'],
      [{ ...article, created_at: '2000-01-01T00:00:00Z' }, 'unknownField'],
      // The contract's NewsWrite gives a missing (not empty) content no key of its own.
      [{ title: 'No content' }, 'invalidInput'],
    ])('refuses %j with 400 %s', async (body, key) => {
      const before = (await db().select().from(news)).length;
      const res = await t.current.post('/ops/news', body, { token: ops });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ msg: 'no', data: key });
      expect(await db().select().from(news)).toHaveLength(before);
    });

    it('refuses a user token (403) and no token (401), changing nothing', async () => {
      const before = (await db().select().from(news)).length;
      const [first] = (await t.current.get('/stock/new/list', { token: user })).body.data.rows;
      for (const [path, body] of [
        ['/ops/news', article],
        ['/ops/news/update', { ...article, id: first.id }],
        ['/ops/news/delete', { id: first.id }],
      ] as const) {
        const asUser = await t.current.post(path, body, { token: user });
        expect(asUser.status).toBe(403);
        expect(asUser.body).toEqual({ msg: 'no', data: 'forbidden' });
        expect((await t.current.post(path, body)).status).toBe(401);
      }
      expect(await db().select().from(news)).toHaveLength(before);
      expect((await t.current.get('/stock/new/index', { token: user, query: { id: String(first.id) } })).body.data.title).toBe(first.title);
    });
  });

  it('seeding is idempotent and does not bring back a deleted demo article', async () => {
    expect(await seedNews(db())).toBe(0);
    const rows: { id: number; title: string }[] = (await t.current.get('/stock/new/list', { token: user, query: { limit: '50' } })).body.data.rows;
    const seeded = rows.find((r) => r.title === SEED_ARTICLES[0]!.title)!;
    expect((await t.current.post('/ops/news/delete', { id: seeded.id }, { token: ops })).status).toBe(200);
    expect(await seedNews(db())).toBe(0);
    expect((await t.current.get('/stock/new/index', { token: user, query: { id: String(seeded.id) } })).status).toBe(404);
  });
});
