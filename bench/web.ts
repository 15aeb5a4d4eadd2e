/**
 * Web benchmark (`npm run bench -- web`; not a test): the federated production build against a fair one bundle, the
 * same code built without Module Federation (bench/one-bundle.webpack.js, built here, every run: the landing remote
 * linked in, the others lazy, the same login page, first frames, service worker and server). Both are served at once
 * (bench/web-server.ts: the real API on in-memory PGlite and the variant's files, served as `npm start` serves them),
 * and measured:
 * - JS on the wire per route: Chromium with the cache disabled, CDP's encodedDataLength of every script (brotli,
 *   headers included), and the same files as served (brotli bodies, no headers: what `npm run budgets` counts);
 * - timed visits (bench/web-visits.ts) at 4x CPU and Slow 4G (a proxy the page and its service worker both go
 *   through: bench/phone-link.ts), BENCH_WEB_RUNS (default 5) per variant, interleaved
 *   (each round runs both variants, starting with the other one than the round before), medians: home live on a first
 *   and on a returning visit, the first tap on a bottom-nav tab of another remote, cold and warm, and home live on a
 *   third load (reported beside the goals: Chromium's code cache is in use only from then on), and the returning
 *   visit's start step by step (bench/web-visits.ts's StartPhases), to show where the two builds part;
 * - Lighthouse 13 with its mobile defaults (simulated slow 4G, 4x CPU slowdown) on home and /login: score, LCP, TBT,
 *   the median of BENCH_LH_RUNS runs (default 3; 0 skips it).
 * Timings depend on the machine's load (printed), byte counts do not. Prints a table and writes
 * bench/results/web-<time>.json. BENCH_WEB_DIST measures another federated build (a folder of app folders, e.g. a copy
 * of an older build) instead of the apps' dist folders; BENCH_LH_REPORTS=<folder> keeps each Lighthouse report.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { buildMissing } from '../scripts/build-missing';
import { STANDALONE_APPS, WEB_APPS } from '@invest/web';
import type { DemoSession } from '../scripts/demo-app';
import { BUDGET_ROUTES, fileResolver, loadRoute, servedSize } from '../scripts/route-bytes';
import { CHROME_FLAGS, CHROMIUM, LH_RUNS, lighthouseMedian, median, type Lighthouse } from './lighthouse';
import { phoneLinkTo } from './phone-link';
import { startWebServer, stopWebServer } from './web-server-process';
import { PHASES, visit, type StartPhases, type VisitTimes } from './web-visits';

const ROOT = path.resolve(__dirname, '..');
const RESULTS_DIR = path.join(__dirname, 'results');
const ONE_BUNDLE_DIR = path.join(RESULTS_DIR, 'one-bundle');
const VISIT_RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
/**
 * What federation may cost against the fair one bundle, and the first tab's goals on the throttled link. The
 * Lighthouse figures are reported beside them.
 */
const TARGETS = { jsRatio: 1.1, liveRatio: 1.15, tabColdMs: 1000, tabWarmMs: 400 };
/** The routes Lighthouse measures (the byte counts cover every budget route of the investors' page). */
const LIGHTHOUSE_ROUTES = ['home', 'login'];

/** A build's name in the tables: `federated` and `one bundle` here, `A` and `B` in bench/web-ab.ts. */
type Variant = string;


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
}

/** A variant's timed visits: the medians, and every run. */
export interface VisitResult extends VisitTimes {
  variant: Variant;
  runs: VisitTimes[];
}

/** A variant's server, started. */
interface Served {
  variant: Variant;
  base: string;
  /** The server over the phone's link (phone-link.ts): where the timed visits go. */
  phoneBase: string;
  session: DemoSession;
  fileOf: (url: string) => string;
  stop: () => Promise<void>;
}

export async function serve(variant: Variant, webDist: string | undefined): Promise<Served> {
  const releasesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invest-bench-releases-'));
  const { child, ready } = await startWebServer({ RELEASES_DIR: releasesDir, ...(webDist ? { WEB_DIST: webDist } : {}) });
  const shellDist = webDist ? path.join(webDist, WEB_APPS[0].dir) : path.join(ROOT, WEB_APPS[0].dir, 'dist');
  const link = await phoneLinkTo(ready.port);
  return {
    variant,
    base: `http://127.0.0.1:${ready.port}`,
    phoneBase: `http://127.0.0.1:${link.port}`,
    session: ready,
    fileOf: fileResolver((short) => (short ? path.join(releasesDir, short) : shellDist)),
    stop: async () => {
      await link.close();
      await stopWebServer(child);
      fs.rmSync(releasesDir, { recursive: true, force: true });
    },
  };
}

/** The routes of the investors' page; a standalone app (the operators' console) is one plain bundle either way. */
const FEDERATED_ROUTES = BUDGET_ROUTES.filter((r) => !STANDALONE_APPS.some((a) => r.path.startsWith(a.base)));

async function measureRoutes(browser: Browser, served: Served): Promise<RouteResult[]> {
  const results: RouteResult[] = [];
  for (const route of FEDERATED_ROUTES) {
    console.log(`- ${served.variant} ${route.path}`);
    const load = await loadRoute(browser, served.base, route, served.session);
    const result: RouteResult = {
      route: route.name,
      path: route.path,
      variant: served.variant,
      jsKb: Number((load.js.reduce((sum, f) => sum + f.wireBytes, 0) / 1024).toFixed(1)),
      servedKb: Number((load.js.reduce((sum, f) => sum + servedSize(served.fileOf(f.url)), 0) / 1024).toFixed(1)),
      jsFiles: load.js.length,
      requests: load.requests,
    };
    if (LH_RUNS > 0 && LIGHTHOUSE_ROUTES.includes(route.name)) {
      result.lighthouse = await lighthouseMedian(`${served.base}${route.path}`, route.loggedIn ? served.session : null);
    }
    results.push(result);
  }
  return results;
}

/** VISIT_RUNS visits of each variant, interleaved; the medians of each figure. */
export async function measureVisits(browser: Browser, variants: Served[]): Promise<VisitResult[]> {
  const runs = new Map<Variant, VisitTimes[]>(variants.map((v) => [v.variant, []]));
  for (let round = 0; round < VISIT_RUNS; round++) {
    const order = round % 2 ? [...variants].reverse() : variants;
    for (const v of order) {
      const times = await visit(browser, v.phoneBase, v.session);
      console.log(`- visit ${round + 1} ${v.variant}: ${JSON.stringify(times)}`);
      runs.get(v.variant)!.push(times);
    }
  }
  return variants.map(({ variant }) => {
    const xs = runs.get(variant)!;
    const of = (k: Exclude<keyof VisitTimes, 'warmPhases'>) => median(xs.map((x) => x[k]));
    const warmPhases = Object.fromEntries(PHASES.map(({ key }) => [key, median(xs.map((x) => x.warmPhases[key]))])) as StartPhases;
    return { variant, liveMs: of('liveMs'), tabMs: of('tabMs'), liveWarmMs: of('liveWarmMs'), tabWarmMs: of('tabWarmMs'), liveCodeCachedMs: of('liveCodeCachedMs'), warmPhases, runs: xs };
  });
}

/**
 * `b`'s figure over `a`'s, round by round (each round visits both, back to back), the median of those: the machine's
 * drift over a run moves both visits of a round alike, so it moves this less than the ratio of the two medians.
 */
export function pairedRatio(a: VisitResult, b: VisitResult, key: Exclude<keyof VisitTimes, 'warmPhases'>): number {
  return median(a.runs.map((run, i) => b.runs[i]![key] / run[key]));
}

/** A Markdown table (the head, then one row of cells each). */
function markdown(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

function routeTable(results: RouteResult[]): string {
  const head = ['route', 'variant', 'JS KB on the wire', 'JS KB files', 'JS files', 'requests', 'LCP s', 'TBT ms', 'score', 'vs one bundle (wire / files)'];
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
      r.variant === 'federated' && one ? `${(r.jsKb / one.jsKb).toFixed(2)}x / ${(r.servedKb / one.servedKb).toFixed(2)}x` : '',
    ];
  });
  return markdown(head, rows);
}

/** The returning visit's start, step by step, up to live (medians, ms from the navigation's start), a row per variant. */
export function phaseTable(results: VisitResult[]): string {
  return markdown(
    ['returning visit, ms', ...PHASES.map((p) => p.label), 'live'],
    results.map((r) => [r.variant, ...PHASES.map((p) => String(r.warmPhases[p.key])), String(r.liveWarmMs)]),
  );
}

export function visitTable(results: VisitResult[]): string {
  const secs = (ms: number) => (ms / 1000).toFixed(2);
  const head = ['variant', 'home live s (first visit)', 'tab open s (cold)', 'home live s (returning)', 'tab open s (warm)', 'home live s (third load)', 'runs'];
  return markdown(
    head,
    results.map((r) => [r.variant, secs(r.liveMs), secs(r.tabMs), secs(r.liveWarmMs), secs(r.tabWarmMs), secs(r.liveCodeCachedMs), String(r.runs.length)]),
  );
}

export async function runWebBench(): Promise<void> {
  const federatedDist = process.env.BENCH_WEB_DIST;
  console.log(`Web bench: ${federatedDist ? `federated build in ${federatedDist}` : 'federated production build'} vs one bundle; ${VISIT_RUNS} visits each, Lighthouse ${LH_RUNS} runs per route, medians; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
  if (!federatedDist) await buildMissing((m) => console.log(`[build] ${m}`));
  console.log('building the one-bundle comparison…');
  execFileSync('npx', ['webpack', '--config', path.join(__dirname, 'one-bundle.webpack.js')], { cwd: path.join(ROOT, 'shell'), stdio: 'inherit' });

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const variants = [await serve('federated', federatedDist), await serve('one bundle', ONE_BUNDLE_DIR)];
  const routes: RouteResult[] = [];
  let visits: VisitResult[] = [];
  try {
    for (const v of variants) routes.push(...(await measureRoutes(browser, v)));
    visits = await measureVisits(browser, variants);
  } finally {
    await browser.close();
    await Promise.all(variants.map((v) => v.stop()));
  }

  console.log(`\n${routeTable(routes)}\n\n${visitTable(visits)}\n\n${phaseTable(visits)}\n`);
  const fed = visits.find((v) => v.variant === 'federated')!;
  const one = visits.find((v) => v.variant === 'one bundle')!;
  const ratio = (r: RouteResult) => r.servedKb / routes.find((o) => o.variant === 'one bundle' && o.route === r.route)!.servedKb;
  const worst = routes.filter((r) => r.variant === 'federated').reduce((a, b) => (ratio(b) > ratio(a) ? b : a));
  const verdicts = {
    [`JS per route within ${TARGETS.jsRatio}x of one bundle (worst: ${worst.path}, ${ratio(worst).toFixed(2)}x)`]: ratio(worst) <= TARGETS.jsRatio,
    [`home live within ${TARGETS.liveRatio}x of one bundle, first visit (${(fed.liveMs / one.liveMs).toFixed(2)}x; paired by round ${pairedRatio(one, fed, 'liveMs').toFixed(2)}x)`]:
      fed.liveMs / one.liveMs <= TARGETS.liveRatio,
    [`home live within ${TARGETS.liveRatio}x of one bundle, returning (${(fed.liveWarmMs / one.liveWarmMs).toFixed(2)}x; paired by round ${pairedRatio(one, fed, 'liveWarmMs').toFixed(2)}x)`]:
      fed.liveWarmMs / one.liveWarmMs <= TARGETS.liveRatio,
    [`first tab open <= ${TARGETS.tabColdMs} ms cold (${fed.tabMs} ms)`]: fed.tabMs <= TARGETS.tabColdMs,
    [`first tab open <= ${TARGETS.tabWarmMs} ms warm (${fed.tabWarmMs} ms)`]: fed.tabWarmMs <= TARGETS.tabWarmMs,
  };
  for (const [target, met] of Object.entries(verdicts)) console.log(`${met ? 'met    ' : 'MISSED '} ${target}`);
  console.log(`(not a goal) home live on the third load, code cache in use: ${(fed.liveCodeCachedMs / one.liveCodeCachedMs).toFixed(2)}x of one bundle`);

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const report = { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadAvg: os.loadavg(), visitRuns: VISIT_RUNS, lighthouseRuns: LH_RUNS, federatedDist: federatedDist ?? 'dist', targets: TARGETS, verdicts, routes, visits };
  fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
}
