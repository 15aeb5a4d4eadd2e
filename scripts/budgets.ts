/**
 * `npm run budgets` (CI, after `npm run build`): the byte budgets of issue 9, checked on the production build.
 * Each route of BUDGET_ROUTES is opened in Chromium against the built apps (in-memory database); the JS it asks for
 * is summed as the files the server sends for it (their brotli copies): deterministic for a given build, unlike
 * timings. Chart-library files are left out ("before its charts"). Exits 1 when a route is over its limit (the
 * ratchet of BUDGET_ROUTES); a route over the issue's budget but within its limit is reported, not failed.
 * BUDGETS_FILES=1 also lists each route's files and their sizes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildApp } from '@invest/api';
import { builtFileOf, deployBuilds, distOf as defaultDistOf, registerWeb, STANDALONE_APPS, WEB_APPS, type WebApp } from '@invest/web';
import { demoConfig, demoSession } from './demo-app';
import { BUDGET_ROUTES, fileResolver, isChartFile, loadRoute, servedSize } from './route-bytes';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** WEB_DIST checks another set of builds (a folder of app folders, e.g. a copy of an older build). */
const distOf = (app: WebApp) => (process.env.WEB_DIST ? path.join(process.env.WEB_DIST, app.dir) : defaultDistOf(app));

async function main(): Promise<void> {
  const missing = WEB_APPS.filter((a) => !fs.existsSync(builtFileOf(a, distOf(a))));
  if (missing.length) throw new Error(`no production build of ${missing.map((a) => a.dir).join(', ')}: run npm run build first`);

  const { app, seeded } = await buildApp(demoConfig('budgets', { LOG_LEVEL: 'warn' }));
  // The builds deployed as `npm start` deploys them: each remote a release of its own.
  const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-budgets-'));
  await registerWeb(app, { distOf, releasesDir, remotesFile: deployBuilds(releasesDir, distOf) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const session = await demoSession(app, seeded.inviteCode!, '9000000003');

    const fileOf = fileResolver(
      (short) => (short ? path.join(releasesDir, short) : distOf(WEB_APPS[0])),
      Object.fromEntries(STANDALONE_APPS.map((a) => [a.base, distOf(a)])),
    );
    const rows = [];
    for (const route of BUDGET_ROUTES) {
      const { js, css } = await loadRoute(browser, base, route, session);
      const files = js.map((f) => fileOf(f.url)).filter((f) => !isChartFile(f));
      const bytes = files.reduce((sum, f) => sum + servedSize(f), 0);
      if (process.env.BUDGETS_FILES) for (const f of files) console.log(`  ${route.path}  ${kb(servedSize(f)).padStart(6)} KB  ${path.relative(process.cwd(), f)}`);
      rows.push({
        route: route.path,
        files: files.length,
        'JS KB (brotli)': kb(bytes),
        'CSS KB': kb(css.reduce((sum, f) => sum + servedSize(fileOf(f.url)), 0)),
        'budget KB': route.budgetKb,
        'limit KB': route.limitKb,
        budget: bytes <= route.budgetKb * 1024 ? 'met' : 'over',
        limit: bytes <= route.limitKb * 1024 ? 'ok' : 'OVER',
      });
    }
    console.table(rows);
    const missed = rows.filter((r) => r.budget === 'over');
    if (missed.length) console.log(`[budgets] not yet within issue 9's budget: ${missed.map((r) => `${r.route} ${r['JS KB (brotli)']} KB > ${r['budget KB']} KB`).join('; ')}`);
    const over = rows.filter((r) => r.limit === 'OVER');
    if (over.length) {
      console.error(`[budgets] over the limit: ${over.map((r) => `${r.route} ${r['JS KB (brotli)']} KB > ${r['limit KB']} KB`).join('; ')}`);
      process.exitCode = 1;
    } else console.log('[budgets] every route within its limit');
  } finally {
    await browser.close();
    await app.close();
    fs.rmSync(releasesDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error('[budgets] failed:', e instanceof Error ? e.message : e);
  process.exit(1);
});
