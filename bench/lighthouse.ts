/**
 * Lighthouse (mobile, performance only) for the benchmarks: one run in a fresh Chromium profile, and the median of
 * BENCH_LH_RUNS runs (default 3). BENCH_LH_REPORTS=<folder> keeps every report (the LCP breakdown, the long tasks,
 * the request chains).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { DemoSession } from '../scripts/demo-app';

export const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const LH_REPORTS = process.env.BENCH_LH_REPORTS;

export interface Lighthouse {
  score: number;
  lcpMs: number;
  tbtMs: number;
  runs: { score: number; lcpMs: number; tbtMs: number; error?: string }[];
}

/** The median of the runs that produced the figure (Lighthouse gives NaN when a run saw no LCP, say). */
export function median(xs: number[]): number {
  const ok = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return ok[Math.floor((ok.length - 1) / 2)] ?? NaN;
}

/** One Lighthouse run in a fresh Chromium profile; with a session, localStorage holds it before the page loads. */
export async function lighthouseOnce(url: string, session: DemoSession | null): Promise<Lighthouse['runs'][number]> {
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

export async function lighthouseMedian(url: string, session: DemoSession | null): Promise<Lighthouse> {
  const runs = [];
  for (let i = 0; i < LH_RUNS; i++) runs.push(await lighthouseOnce(url, session));
  return { score: median(runs.map((r) => r.score)), lcpMs: median(runs.map((r) => r.lcpMs)), tbtMs: median(runs.map((r) => r.tbtMs)), runs };
}

