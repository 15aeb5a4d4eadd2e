import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { uploads } from '../src/db/schema';
import { backends, testJpeg, useApp } from './harness';

describe.each(backends)('uploads on $name', (backend) => {
  const t = useApp(backend);
  const dir = () => path.join(t.current.config.dataDir, 'uploads');
  const stored = () => (fs.existsSync(dir()) ? fs.readdirSync(dir()).length : 0);
  const rows = async () => (await t.current.database.db.select({ n: count() }).from(uploads))[0]!.n;

  async function user() {
    const { phone, password } = await t.current.register();
    return t.current.login(phone, password);
  }
  /** The picture behind an upload URL, as `token` (or nobody) asks for it. */
  const fetchUpload = (url: string, token?: string) =>
    t.current.built.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('keeps a real JPEG under a name it makes, re-encoded without its metadata, and serves it to its owner and operators only', async () => {
    const owner = await user();
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#224488' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner', Artist: 'GPS 12.97N 77.59E' } } })
      .toBuffer();
    expect(photo.includes(Buffer.from('secret-owner'))).toBe(true);

    const res = await t.current.upload(owner, photo, '../../etc/passwd.jpg');
    expect(res.status).toBe(200);
    const url = res.body.data.url as string;
    expect(url).toMatch(/^\/api\/stock\/success\/upload\/[a-f0-9]{32}\.jpg$/);
    // Stored under the server's name in the data folder, nowhere near the client's path.
    expect(fs.readdirSync(dir())).toContain(url.split('/').pop());

    const mine = await fetchUpload(url, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
    const meta = await sharp(mine.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 1200, 800, undefined]);

    expect((await fetchUpload(url, await t.current.operatorToken())).statusCode).toBe(200);
    const other = await fetchUpload(url, await user());
    expect([other.statusCode, other.json()]).toEqual([404, { msg: 'no', data: 'notFound' }]);
    expect((await fetchUpload(url)).statusCode).toBe(404);
    expect((await fetchUpload(url, 'not-a-token')).statusCode).toBe(404);
    expect((await fetchUpload('/api/stock/success/upload/..%2F..%2Foperator-credentials.json', owner)).statusCode).toBe(404);
  });

  it('keeps PNG and WebP too', async () => {
    const token = await user();
    const base = sharp({ create: { width: 30, height: 20, channels: 4, background: '#33aa5580' } });
    for (const [data, ext] of [
      [await base.clone().png().toBuffer(), 'png'],
      [await base.clone().webp().toBuffer(), 'webp'],
    ] as const) {
      const res = await t.current.upload(token, data, `x.${ext}`, `image/${ext}`);
      expect(res.status).toBe(200);
      expect(res.body.data.url).toMatch(new RegExp(`\\.${ext}$`));
    }
  });

  it('refuses what is not a real picture, and stores nothing', async () => {
    const token = await user();
    const jpeg = await testJpeg('#884422', 200, 200);
    const before = { files: stored(), rows: await rows() };
    const refusals: [string, Buffer, string, string, number, string][] = [
      ['a script renamed .jpg', Buffer.from('#!/bin/sh\nrm -rf /\n'), 'evil.jpg', 'image/jpeg', 422, 'notAnImage'],
      ['an SVG with a script', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'), 'a.svg', 'image/svg+xml', 422, 'notAnImage'],
      ['a truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), 'cut.jpg', 'image/jpeg', 422, 'notAnImage'],
      ['an empty file', Buffer.alloc(0), 'empty.jpg', 'image/jpeg', 422, 'notAnImage'],
      ['a JPEG with a page appended (polyglot)', Buffer.concat([jpeg, Buffer.from('<html><script>alert(1)</script></html>')]), 'poly.jpg', 'image/jpeg', 422, 'notAnImage'],
      ['a GIF', Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'), 'a.gif', 'image/gif', 422, 'notAnImage'],
      ['a 20 MB picture', Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024)]), 'big.jpg', 'image/jpeg', 413, 'imageTooLarge'],
    ];
    for (const [what, data, name, type, status, key] of refusals) {
      const res = await t.current.upload(token, data, name, type);
      expect([what, res.status, res.body]).toEqual([what, status, { msg: 'no', data: key }]);
    }
    // Not multipart at all: a JSON body names no file.
    const json = await t.current.post('/stock/success/upload', {}, { token });
    expect([json.status, json.body.data]).toEqual([422, 'notAnImage']);
    expect(await rows()).toBe(before.rows);
    expect(stored()).toBe(before.files);
  });

  it('refuses anonymous uploads', async () => {
    const res = await t.current.upload(undefined, await testJpeg());
    expect([res.status, res.body.data]).toEqual([401, 'unauthorized']);
  });
});
