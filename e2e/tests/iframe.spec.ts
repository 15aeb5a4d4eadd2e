/**
 * iframe.html framed by a partner's page: the origins operators allow get one instrument's live chart, drawn and
 * moving; any other origin gets nothing (the browser refuses the frame), and the investor's app refuses every frame.
 * The page runs on a server of its own, so that this test can set who may frame it; the partners are two pages on
 * other origins (localhost with two ports, against 127.0.0.1).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Frame, Page } from '@playwright/test';
import { buildApp, type BuiltApp } from '@invest/api';
import { EMBED_ORIGINS_SETTING, EMBED_ORIGINS_TTL_MS, registerWeb } from '@invest/web';
import { settings } from '../../api/src/db/schema';
import { demoConfig } from '../../scripts/demo-app';
import { expect, test } from './fixtures';

const PORT = Number(process.env.E2E_IFRAME_PORT ?? Number(process.env.E2E_PORT ?? 8181) + 1001);
const WIDGET = `http://127.0.0.1:${PORT}`;
const CHART = `${WIDGET}/iframe.html?symbol=AAPL&interval=1m`;

let built: BuiltApp;
let app: FastifyInstance;
/** No remote is deployed: iframe.html is the shell's page alone. */
let releases: string;
/** The two partner sites, each a page that frames `src`. */
const partners: http.Server[] = [];
let allowed: string;
let refused: string;
/** The paths the browser asked the widget's server for (not the page server's own reads of the API). */
const served: string[] = [];

/** A partner's page: its own content, and the chart (or `src`) in a frame. */
function partnerSite(): Promise<string> {
  const server = http.createServer((req, res) => {
    const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? CHART;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner</title></head>` +
        `<body style="margin:0;background:#fff;font-family:sans-serif"><main><h1 style="font-size:18px;margin:12px">Market today</h1>` +
        `<iframe title="Apple live chart" src="${src.replace(/"/g, '&quot;')}" style="display:block;border:0;width:100%;height:460px"></iframe></main></body></html>`,
    );
  });
  partners.push(server);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://localhost:${(server.address() as AddressInfo).port}`)));
}

/** What an operator's `setting-set embed_origins …` leaves in the settings the public config call publishes. */
async function allowOrigins(value: string): Promise<void> {
  await built.database.db.insert(settings).values({ tag: EMBED_ORIGINS_SETTING, value }).onConflictDoUpdate({ target: settings.tag, set: { value } });
  // The page server reads the setting again after this long.
  await new Promise((resolve) => setTimeout(resolve, EMBED_ORIGINS_TTL_MS + 100));
}

/** The frame of `page` showing the widget's origin, once it has one. */
async function widgetFrame(page: Page): Promise<Frame | undefined> {
  return page.frames().find((f) => f.url().startsWith(WIDGET));
}

test.beforeAll(async () => {
  expect(await fetch(`${WIDGET}/api/v2/config`).then((r) => r.status, () => 0), `port ${PORT} is taken`).toBe(0);
  built = await buildApp(demoConfig('iframe', { LOG_LEVEL: 'warn' }));
  app = built.app;
  app.addHook('onRequest', async (req) => void (req.headers['user-agent'] === 'lightMyRequest' || served.push(req.url)));
  releases = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-iframe-releases-'));
  fs.writeFileSync(path.join(releases, 'remotes.json'), '{}');
  await registerWeb(app, { releasesDir: releases });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  [allowed, refused] = await Promise.all([partnerSite(), partnerSite()]);
  await allowOrigins(allowed);
});

test.afterAll(async () => {
  await app?.close();
  for (const server of partners) server.close();
  if (releases) fs.rmSync(releases, { recursive: true, force: true });
});

test('an allowed partner frames the chart: it draws, then moves with the live price', async ({ page }) => {
  await page.goto(allowed);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { name: 'Apple Inc.' })).toBeVisible();
  const price = frame.getByTestId('embed-price');
  await expect(price).toHaveText(/^\D*[\d,]+\.\d\d$/);
  // The chart library's canvas, with the summary a screen reader reads.
  const chart = frame.getByRole('img', { name: /^Real time chart, \d+ points/ });
  await expect(chart).toBeVisible();
  await expect(frame.locator('[data-testid="chart-1m"]:not([data-sketch]) canvas').first()).toBeVisible();
  await expect(frame.getByTestId('embed-status')).toContainText('Live');
  await page.screenshot({ path: test.info().outputPath('partner-first-draw.png') });

  const first = { price: await price.textContent(), chart: await chart.getAttribute('aria-label') };
  await expect
    .poll(async () => ({ price: await price.textContent(), chart: await chart.getAttribute('aria-label') }), { timeout: 30_000, intervals: [1000] })
    .not.toEqual(first);
  await page.screenshot({ path: test.info().outputPath('partner-live-update.png') });
  // Nothing behind a login: the page, its code, its data and the public quote stream.
  expect(served.filter((u) => u.startsWith('/api/')).every((u) => u.startsWith('/api/v2/quotes/stream'))).toBe(true);
});

test('another origin gets no chart: the browser refuses the frame, until an operator allows that origin too', async ({ page }) => {
  served.length = 0;
  await page.goto(refused);
  await expect.poll(() => page.frames().map((f) => f.url()), { timeout: 10_000 }).toContain('chrome-error://chromewebdata/');
  expect(await widgetFrame(page)).toBeUndefined();
  // The page was answered (with the policy that refuses this parent); nothing of the widget ran.
  expect(served.some((u) => u.startsWith('/iframe.json'))).toBe(false);

  await allowOrigins(`${allowed} ${refused}`);
  await page.reload();
  await expect(page.frameLocator('iframe').getByTestId('embed-price')).toBeVisible();
  await allowOrigins(allowed);
});

test("the investor's app refuses every frame, even from an allowed partner", async ({ page }) => {
  await page.goto(`${allowed}/?src=${encodeURIComponent(`${WIDGET}/login`)}`);
  await expect.poll(() => page.frames().map((f) => f.url()), { timeout: 10_000 }).toContain('chrome-error://chromewebdata/');
  expect(await widgetFrame(page)).toBeUndefined();
});
