/**
 * Web benchmark (`npm run bench -- web`; not a test): the federated production build against the same code built as
 * one bundle without federation (bench/one-bundle.webpack.js, built here, every run). For each variant a server
 * (bench/web-server.ts: the real API on in-memory PGlite and the variant's files, served as `npm start` serves them)
 * and, per route:
 * - JS on the wire: Chromium with the cache disabled, CDP's encodedDataLength of every script (brotli, headers
 *   included), and the same files as served (brotli bodies, no headers: what `npm run budgets` counts); the number of
 *   script files and of all requests, once the route has drawn and no script came for 1.5 s;
 * - Lighthouse 13 with its mobile defaults (simulated slow 4G, 4x CPU slowdown): score, LCP, TBT; the median of
 *   BENCH_LH_RUNS runs (default 3) — the timings depend on the machine's load, the byte counts do not;
 * - LCP of as many real loads in Chromium under the same throttling (throttledLcp), beside Lighthouse's simulation.
 * Prints a table and writes bench/results/web-<time>.json. BENCH_WEB_DIST measures another federated build (a folder
 * of app folders, e.g. a copy of an older build) instead of the apps' dist folders; BENCH_LH_REPORTS=<folder> keeps
 * each Lighthouse report.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { buildMissing } from '../scripts/build-missing';
import { WEB_APPS } from '@invest/web';
import type { DemoSession } from '../scripts/demo-app';
import { BUDGET_ROUTES, drawn, fileResolver, loadRoute, phoneContext, servedSize, type BudgetRoute } from '../scripts/route-bytes';
import { startWebServer, stopWebServer } from './web-server-process';

const ROOT = path.resolve(__dirname, '..');
const RESULTS_DIR = path.join(__dirname, 'results');
const ONE_BUNDLE_DIR = path.join(RESULTS_DIR, 'one-bundle');
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** BENCH_LH_REPORTS=<folder> keeps every Lighthouse report (the LCP breakdown, the long tasks, the request chains). */
const LH_REPORTS = process.env.BENCH_LH_REPORTS;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** Issue 9's targets. */
const TARGETS = { homeRatio: 1.15, homeLcpMs: 2000, homeTbtMs: 200, homeScore: 90, loginScore: 95 };
/** The routes Lighthouse measures (the byte counts cover every budget route). */
const LIGHTHOUSE_ROUTES = ['home', 'login'];

type Variant = 'federated' | 'one bundle';

interface Lighthouse {
  score: number;
  lcpMs: number;
  tbtMs: number;
  runs: { score: number; lcpMs: number; tbtMs: number; error?: string }[];
}

interface RouteResult {
  route: string;
  path: string;
  variant: Variant;
  /** On the wire: CDP's encodedDataLength, response headers included (~1 KB each here: the security headers). */
  jsKb: number;
  /** The same files' bodies as the server sends them (their brotli copies): the bytes without the headers. */
  servedKb: number;
  jsFiles: number;
  requests: number;
  lighthouse?: Lighthouse;
  /** LCP of real loads in Chromium throttled as Lighthouse simulates (see throttledLcp): median, and each run. */
  throttled?: { lcpMs: number; runs: number[] };
}

/** The median of the runs that produced the figure (Lighthouse gives NaN when a run saw no LCP, say). */
function median(xs: number[]): number {
  const ok = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return ok[Math.floor((ok.length - 1) / 2)] ?? NaN;
}

/** One Lighthouse run in a fresh Chromium profile; with a session, localStorage holds it before the page loads. */
async function lighthouseOnce(url: string, session: DemoSession | null): Promise<Lighthouse['runs'][number]> {
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    if (session) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(new URL('/remotes.json', url).href);
      await page.evaluate((s) => {
        localStorage.setItem('token', s.token);
        localStorage.setItem('userInfo', s.userInfo);
        localStorage.setItem('login', 'true');
      }, session);
      await page.close();
      await browser.close();
    }
    // Mobile defaults; storage kept only where it holds the session (the HTTP cache starts empty either way).
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: Boolean(session) });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (LH_REPORTS) {
      fs.mkdirSync(LH_REPORTS, { recursive: true });
      const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
      fs.writeFileSync(path.join(LH_REPORTS, `${name}-${new URL(url).port}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    // A run Lighthouse could not complete (NO_LCP, a protocol timeout…) has no score: left out of the medians, named.
    if (lhr.runtimeError) {
      console.warn(`[bench] Lighthouse run on ${url} failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      return { score: NaN, lcpMs: NaN, tbtMs: NaN, error: lhr.runtimeError.code };
    }
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
    };
  } finally {
    chrome.kill();
  }
}

/**
 * The route loaded for real in Chromium with Lighthouse's mobile throttling applied (150 ms round trips, 1.6 Mbps
 * down, 750 Kbps up, 4x CPU; cache disabled): the page's own largest-contentful-paint entry once it has drawn and
 * settled. Lighthouse simulates its timings from an unthrottled load (Lantern), whose model weighs some choices
 * (preload priorities, request order) unlike Chromium does; this is the load a phone on that link would see.
 */
async function throttledLcp(browser: Browser, base: string, route: BudgetRoute, session: DemoSession): Promise<number> {
  const context = await phoneContext(browser, route, session);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await page.goto(`${base}${route.path}`);
    await drawn(page, route);
    await page.waitForTimeout(2000);
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          new PerformanceObserver((list) => resolve(Math.round(list.getEntries().at(-1)?.startTime ?? NaN))).observe({ type: 'largest-contentful-paint', buffered: true }),
        ),
    );
  } finally {
    await context.close();
  }
}

async function lighthouseMedian(url: string, session: DemoSession | null): Promise<Lighthouse> {
  const runs = [];
  for (let i = 0; i < LH_RUNS; i++) runs.push(await lighthouseOnce(url, session));
  return { score: median(runs.map((r) => r.score)), lcpMs: median(runs.map((r) => r.lcpMs)), tbtMs: median(runs.map((r) => r.tbtMs)), runs };
}

async function measureVariant(browser: Browser, variant: Variant, webDist: string | undefined, routes: readonly BudgetRoute[]): Promise<RouteResult[]> {
  const { child, ready } = await startWebServer(webDist ? { WEB_DIST: webDist } : {});
  const dirOf = (dir: string) => (webDist ? path.join(webDist, dir) : path.join(ROOT, dir, 'dist'));
  const fileOf = fileResolver((short) => dirOf(WEB_APPS.find((a) => a.short === short)!.dir));
  const base = `http://127.0.0.1:${ready.port}`;
  const results: RouteResult[] = [];
  try {
    for (const route of routes) {
      console.log(`- ${variant} ${route.path}`);
      const load = await loadRoute(browser, base, route, ready);
      const result: RouteResult = {
        route: route.name,
        path: route.path,
        variant,
        jsKb: Number((load.js.reduce((sum, f) => sum + f.wireBytes, 0) / 1024).toFixed(1)),
        servedKb: Number((load.js.reduce((sum, f) => sum + servedSize(fileOf(f.url)), 0) / 1024).toFixed(1)),
        jsFiles: load.js.length,
        requests: load.requests,
      };
      if (LIGHTHOUSE_ROUTES.includes(route.name)) {
        result.lighthouse = await lighthouseMedian(`${base}${route.path}`, route.loggedIn ? ready : null);
        const runs = [];
        for (let i = 0; i < LH_RUNS; i++) runs.push(await throttledLcp(browser, base, route, ready));
        result.throttled = { lcpMs: median(runs), runs };
      }
      results.push(result);
    }
  } finally {
    await stopWebServer(child);
  }
  return results;
}

function table(results: RouteResult[]): string {
  const head = ['route', 'variant', 'JS KB on the wire', 'JS KB files', 'JS files', 'requests', 'LCP s', 'TBT ms', 'score', 'LCP s, real throttled load', 'vs one bundle (wire / files)'];
  const rows = results.map((r) => {
    const one = results.find((o) => o.variant === 'one bundle' && o.route === r.route);
    const lh = r.lighthouse;
    return [
      r.path,
      r.variant,
      r.jsKb.toFixed(1),
      r.servedKb.toFixed(1),
      String(r.jsFiles),
      String(r.requests),
      lh ? (lh.lcpMs / 1000).toFixed(2) : '',
      lh ? String(lh.tbtMs) : '',
      lh ? String(lh.score) : '',
      r.throttled ? (r.throttled.lcpMs / 1000).toFixed(2) : '',
      r.variant === 'federated' && one ? `${(r.jsKb / one.jsKb).toFixed(2)}x / ${(r.servedKb / one.servedKb).toFixed(2)}x` : '',
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export async function runWebBench(): Promise<RouteResult[]> {
  const federatedDist = process.env.BENCH_WEB_DIST;
  console.log(`Web bench: ${federatedDist ? `federated build in ${federatedDist}` : 'federated production build'} vs one bundle; Lighthouse ${LH_RUNS} runs per route, medians; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
  if (!federatedDist) await buildMissing((m) => console.log(`[build] ${m}`));
  console.log('building the one-bundle comparison…');
  execFileSync('npx', ['webpack', '--config', path.join(__dirname, 'one-bundle.webpack.js')], { cwd: path.join(ROOT, 'shell'), stdio: 'inherit' });

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const results: RouteResult[] = [];
  try {
    // The one bundle has no remotes to show on its own: its figures are for the routes the targets compare.
    results.push(...(await measureVariant(browser, 'federated', federatedDist, BUDGET_ROUTES)));
    results.push(...(await measureVariant(browser, 'one bundle', ONE_BUNDLE_DIR, BUDGET_ROUTES.filter((r) => LIGHTHOUSE_ROUTES.includes(r.name)))));
  } finally {
    await browser.close();
  }

  console.log(`\n${table(results)}\n`);
  const home = results.find((r) => r.variant === 'federated' && r.route === 'home');
  const oneHome = results.find((r) => r.variant === 'one bundle' && r.route === 'home');
  const login = results.find((r) => r.variant === 'federated' && r.route === 'login');
  const verdicts = {
    [`home JS on the wire within ${TARGETS.homeRatio}x of one bundle`]: home && oneHome ? home.jsKb / oneHome.jsKb <= TARGETS.homeRatio : false,
    [`home JS files within ${TARGETS.homeRatio}x of one bundle`]: home && oneHome ? home.servedKb / oneHome.servedKb <= TARGETS.homeRatio : false,
    [`home LCP <= ${TARGETS.homeLcpMs} ms`]: (home?.lighthouse?.lcpMs ?? Infinity) <= TARGETS.homeLcpMs,
    [`home TBT <= ${TARGETS.homeTbtMs} ms`]: (home?.lighthouse?.tbtMs ?? Infinity) <= TARGETS.homeTbtMs,
    [`home score >= ${TARGETS.homeScore}`]: (home?.lighthouse?.score ?? 0) >= TARGETS.homeScore,
    [`login score >= ${TARGETS.loginScore}`]: (login?.lighthouse?.score ?? 0) >= TARGETS.loginScore,
  };
  for (const [target, met] of Object.entries(verdicts)) console.log(`${met ? 'met    ' : 'MISSED '} ${target}`);

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const report = { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadAvg: os.loadavg(), lighthouseRuns: LH_RUNS, federatedDist: federatedDist ?? 'dist', targets: TARGETS, verdicts, results };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
  return results;
}
