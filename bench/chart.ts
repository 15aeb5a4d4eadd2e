/**
 * Chart benchmark (`npm run bench -- chart`; not a test): the price charts on a cheap phone. Against the real app
 * (bench/web-server.ts, markets always open, a user holding one share) and the production build (or BENCH_WEB_DIST,
 * a folder of app folders such as an older build), for the stock detail (real-time and day-K tabs) and the
 * positions chart:
 * - live updates at 4x CPU: for BENCH_CHART_WINDOW_S seconds (default 30) after the chart has drawn and settled,
 *   every long task (over 50 ms) and long animation frame, beside the number of pushed quotes the page received;
 * - the first draw at 4x CPU and Slow 4G (150 ms round trips, 1.6 Mbps down, 750 Kbps up: bench/phone-link.ts, a
 *   link the page's service worker crosses too): the time from the navigation to the chart on screen (the first
 *   frame's or the screen's SVG sketch, else the library's canvas), and to the library's own chart (crosshair and
 *   all), medians of BENCH_CHART_RUNS (default 3) loads, on a first visit (cache disabled) and on a returning one (the
 *   page loaded once before at full CPU, in the same browser profile).
 * BENCH_CHART_SCENE=positions (a scene name's start) measures that scene alone.
 * Goals: no long task over 50 ms while the chart updates; drawn within 2.5 s. Prints a table and writes
 * bench/results/chart-<time>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { buildMissing } from '../scripts/build-missing';
import { phoneContext } from '../scripts/route-bytes';
import type { DemoSession } from '../scripts/demo-app';
import { startWebServer, stopWebServer } from './web-server-process';
import { phoneLinkTo, throttleCpu } from './phone-link';

const RESULTS_DIR = path.join(__dirname, 'results');
const WINDOW_MS = Number(process.env.BENCH_CHART_WINDOW_S ?? 30) * 1000;
const RUNS = Number(process.env.BENCH_CHART_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GOALS = { longTaskMs: 50, drawMs: 2500 };

interface Scene {
  name: string;
  path: string;
  /** The chart's element once drawn (its SVG or canvas inside). */
  chart: string;
  /** A chart tab to pick before watching the updates (its first draw is not measured: it waits for the tap). */
  tab?: string;
}

const SCENES: Scene[] = [
  { name: 'stock, real time', path: '/stock/v2/RELIANCE.NS/Reliance%20Industries', chart: '[data-testid="chart-1m"]' },
  { name: 'stock, day K', path: '/stock/v2/RELIANCE.NS/Reliance%20Industries', chart: '[data-testid="chart-1d"]', tab: 'Day K' },
  { name: 'positions', path: '/trade', chart: '[data-testid="holding-chart"] [data-testid="chart-1d"]' },
];

interface UpdateFigures {
  /** Quotes the page's stream received in the window. */
  quotes: number;
  longTasks: number;
  longestTaskMs: number;
  /** Long animation frames' blocking time, summed over the window. */
  blockingMs: number;
}

interface DrawFigures {
  drawMs: number | null;
  drawRuns: number[];
  /** When the library's chart took the sketch's place. */
  libraryMs: number | null;
  libraryRuns: number[];
}

interface SceneResult extends UpdateFigures {
  scene: string;
  first: DrawFigures;
  returning: DrawFigures;
}

const drawnSelector = (scene: Scene) => `${scene.chart} svg, ${scene.chart} canvas`;
const librarySelector = (scene: Scene) => `${scene.chart} canvas`;

/** A first visit draws without the browser's cache (its files cross the phone's link); a returning one keeps it. */
async function withoutCache(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
}

/** Picks the scene's tab, if any, and waits until the library has drawn its chart. */
async function pickTab(page: Page, scene: Scene): Promise<void> {
  if (scene.tab) await page.getByRole('tab', { name: scene.tab }).click();
  await page.locator(librarySelector(scene)).first().waitFor({ timeout: 60_000 });
}

/** Long tasks and long animation frames of the next `ms`, with the number of quotes the stream pushed meanwhile. */
async function watchUpdates(page: Page, cdp: CDPSession, ms: number): Promise<UpdateFigures> {
  let quotes = 0;
  await cdp.send('Network.enable');
  cdp.on('Network.eventSourceMessageReceived', () => void quotes++);
  await page.evaluate(() => {
    const w = window as unknown as { __long: { tasks: number[]; blocking: number } };
    w.__long = { tasks: [], blocking: 0 };
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__long.tasks.push(e.duration))).observe({ type: 'longtask' });
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => (w.__long.blocking += (e as PerformanceEntry & { blockingDuration: number }).blockingDuration)),
    ).observe({ type: 'long-animation-frame' });
  });
  await page.waitForTimeout(ms);
  const seen = await page.evaluate(() => (window as unknown as { __long: { tasks: number[]; blocking: number } }).__long);
  return {
    quotes,
    longTasks: seen.tasks.length,
    longestTaskMs: Math.round(Math.max(0, ...seen.tasks)),
    blockingMs: Math.round(seen.blocking),
  };
}

async function updatesOf(browser: Browser, base: string, scene: Scene, session: DemoSession): Promise<UpdateFigures> {
  const context = await phoneContext(browser, { loggedIn: true }, session);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await page.goto(`${base}${scene.path}`);
    await pickTab(page, scene);
    await throttleCpu(cdp);
    await page.waitForTimeout(3000);
    return await watchUpdates(page, cdp, WINDOW_MS);
  } finally {
    await context.close();
  }
}

/**
 * A load of the scene's page at 4x CPU and Slow 4G, a first visit or a returning one: milliseconds from the
 * navigation to the chart drawn, and to the library's chart.
 */
async function drawOf(browser: Browser, base: string, scene: Scene, session: DemoSession, returning: boolean): Promise<{ drawn: number; library: number }> {
  const context = await phoneContext(browser, { loggedIn: true }, session);
  try {
    const page = await context.newPage();
    if (returning) {
      await page.goto(`${base}${scene.path}`);
      await pickTab(page, scene);
    }
    await page.addInitScript((selectors) => {
      const seen: Record<string, number> = ((window as unknown as { __seen: Record<string, number> }).__seen = {});
      new MutationObserver((_, observer) => {
        for (const [name, selector] of Object.entries(selectors)) if (!(name in seen) && document.querySelector(selector)) seen[name] = performance.now();
        if (Object.keys(seen).length === Object.keys(selectors).length) observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    }, { drawn: drawnSelector(scene), library: librarySelector(scene) });
    const cdp = await context.newCDPSession(page);
    await throttleCpu(cdp);
    if (!returning) await withoutCache(cdp);
    await page.goto(`${base}${scene.path}`);
    await pickTab(page, scene);
    const seen = await page.evaluate(() => (window as unknown as { __seen: Record<'drawn' | 'library', number> }).__seen);
    return { drawn: Math.round(seen.drawn), library: Math.round(seen.library) };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

function figuresOf(runs: { drawn: number; library: number }[]): DrawFigures {
  const drawRuns = runs.map((r) => r.drawn);
  const libraryRuns = runs.map((r) => r.library);
  return { drawMs: runs.length ? median(drawRuns) : null, drawRuns, libraryMs: runs.length ? median(libraryRuns) : null, libraryRuns };
}

const cell = (ms: number | null, runs: number[]) => (ms === null ? '-' : `${ms} (${runs.join(', ')})`);

export async function runChartBench(): Promise<void> {
  const webDist = process.env.BENCH_WEB_DIST;
  const only = process.env.BENCH_CHART_SCENE;
  if (!webDist) await buildMissing((m) => console.log(`[bench] ${m}`));
  const { child, ready } = await startWebServer({ BENCH_HOLDING: '1', ...(webDist ? { WEB_DIST: webDist } : {}) });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const base = `http://127.0.0.1:${ready.port}`;
  const link = await phoneLinkTo(ready.port);
  const phoneBase = `http://127.0.0.1:${link.port}`;
  const results: SceneResult[] = [];
  try {
    for (const scene of SCENES.filter((s) => !only || s.name.startsWith(only))) {
      console.log(`- ${scene.name}`);
      const updates = await updatesOf(browser, base, scene, ready);
      // First and returning visits interleaved, so both meet the machine in the same state.
      const runs = { first: [] as { drawn: number; library: number }[], returning: [] as { drawn: number; library: number }[] };
      for (let i = 0; i < RUNS && !scene.tab; i++) {
        runs.first.push(await drawOf(browser, phoneBase, scene, ready, false));
        runs.returning.push(await drawOf(browser, phoneBase, scene, ready, true));
      }
      results.push({ scene: scene.name, ...updates, first: figuresOf(runs.first), returning: figuresOf(runs.returning) });
    }
  } finally {
    await browser.close();
    await link.close();
    await stopWebServer(child);
  }
  console.table(
    results.map((r) => ({
      scene: r.scene,
      'quotes pushed': r.quotes,
      'long tasks (> 50 ms)': r.longTasks,
      'longest task ms': r.longestTaskMs,
      'LoAF blocking ms': r.blockingMs,
      'first visit: drawn at ms (4x CPU, Slow 4G)': cell(r.first.drawMs, r.first.drawRuns),
      'first visit: library chart at ms': cell(r.first.libraryMs, r.first.libraryRuns),
      'returning: drawn at ms': cell(r.returning.drawMs, r.returning.drawRuns),
      'returning: library chart at ms': cell(r.returning.libraryMs, r.returning.libraryRuns),
      goals: r.longestTaskMs <= GOALS.longTaskMs && (r.first.drawMs ?? 0) <= GOALS.drawMs && (r.returning.drawMs ?? 0) <= GOALS.drawMs ? 'met' : 'missed',
    })),
  );
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `chart-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ windowMs: WINDOW_MS, goals: GOALS, webDist: webDist ?? null, results }, null, 2)}\n`);
  console.log(`[bench] chart results in ${path.relative(process.cwd(), file)}`);
}
