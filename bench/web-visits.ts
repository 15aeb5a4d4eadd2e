/**
 * Timed visits of the web benchmark (bench/web.ts) on a cheap phone (bench/phone-link.ts: 4x CPU, Slow 4G between
 * browser and server for the page and its service worker alike), the HTTP cache on. One visit opens home in a fresh
 * profile (a first visit), then taps a bottom-nav tab whose screen another remote draws; a returning visit loads home
 * again in the same profile (the service worker holds the files: only the page and its data cross the link) and taps
 * the same tab, the first time in that page too; then home once more. Chromium keeps a script's compiled code from the
 * second load that runs it on, so the returning visit pays for writing that code cache, and only the third load (a
 * regular investor's every visit until the next release) runs from it.
 */
import type { Browser, Page } from '@playwright/test';
import type { DemoSession } from '../scripts/demo-app';
import { phoneContext } from '../scripts/route-bytes';
import { throttleCpu } from './phone-link';

/** Home is live when the remote's own cards are on screen and the first frame that stood for them has gone. */
const LIVE = '#remotes [data-testid="index-card"]';
const FRAME = '#prerender';
/** The tab opened from home (a screen of another remote than home's), and what its screen draws first. */
const TAB = { name: 'Trade', drawn: '#remotes [data-testid="positions-search"]' };

/**
 * Where a returning visit's time to live goes, in ms from the navigation's start: the page received, its first paint,
 * the parser done (deferred scripts run from then on), the shell started (single-spa's first routing: the shell's code
 * has run), the route's remote loaded (about to mount); live is the visit's own figure. Both builds start through the
 * same shell and single-spa, so each step compares; a gap between two steps that one build has and the other not is
 * where to look.
 */
export const PHASES = [
  { key: 'pageInMs', label: 'page in' },
  { key: 'firstPaintMs', label: 'first paint' },
  { key: 'parsedMs', label: 'parsed' },
  { key: 'shellStartedMs', label: 'shell started' },
  { key: 'remoteLoadedMs', label: 'remote loaded' },
] as const;
export type StartPhases = Record<(typeof PHASES)[number]['key'], number>;

/**
 * Installed before any of the page's scripts: when single-spa first routes and first mounts. Events, not a DOM
 * observer, so the page's own work is not slowed by the measuring.
 */
const RECORD_START = `(() => {
  const at = (window.__startPhases = {});
  for (const [event, key] of [['single-spa:before-app-change', 'shellStartedMs'], ['single-spa:before-first-mount', 'remoteLoadedMs']])
    window.addEventListener(event, () => { at[key] ??= performance.now(); });
})()`;

/** The phases of the load in `page`, once it is live. */
async function phasesOf(page: Page): Promise<StartPhases> {
  const at = (await page.evaluate(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return { ...window.__startPhases, pageInMs: nav.responseEnd, parsedMs: nav.domInteractive, firstPaintMs: paint ? paint.startTime : NaN };
  })()`)) as Record<string, unknown>;
  return Object.fromEntries(PHASES.map(({ key }) => [key, Math.round(Number(at[key]))])) as StartPhases;
}

export interface VisitTimes {
  /** Navigation start → home live, first visit. */
  liveMs: number;
  /** Tap → the tab's screen drawn, first visit. */
  tabMs: number;
  /** The same on a returning visit. */
  liveWarmMs: number;
  tabWarmMs: number;
  /** Home live on the third load, the code cache written by the returning visit in use. */
  liveCodeCachedMs: number;
  /** The returning visit's start, step by step. */
  warmPhases: StartPhases;
}

/**
 * Milliseconds (page time) when `selector` first matched, shown, with no first frame left on the page. The page's
 * side is a string: the bench runs under tsx, whose esbuild names inner functions with a helper the page lacks.
 */
async function whenShown(page: Page, selector: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const check = () => {
      const el = document.querySelector(${JSON.stringify(selector)});
      if (!el || !el.offsetParent || document.querySelector(${JSON.stringify(FRAME)})) return false;
      resolve(performance.now());
      return true;
    };
    if (check()) return;
    const observer = new MutationObserver(() => check() && observer.disconnect());
    observer.observe(document, { childList: true, subtree: true, attributes: true });
  })`);
}

/** Loads home and waits for it to be live: ms from the navigation's start. */
async function openHome(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/`);
  return Math.round(await whenShown(page, LIVE));
}

/** Taps the tab (a real tap, after the page has settled for a second) and waits for its screen: ms from the tap. */
async function openTab(page: Page): Promise<number> {
  await page.waitForTimeout(1000);
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: TAB.name });
  const tappedAt = await link.evaluate((el) => {
    const at = performance.now();
    (el as HTMLElement).click();
    return at;
  });
  return Math.round((await whenShown(page, TAB.drawn)) - tappedAt);
}

export async function visit(browser: Browser, base: string, session: DemoSession): Promise<VisitTimes> {
  const context = await phoneContext(browser, { loggedIn: true }, session);
  await context.addInitScript(RECORD_START);
  try {
    const page = await context.newPage();
    await throttleCpu(await context.newCDPSession(page));
    const liveMs = await openHome(page, base);
    const tabMs = await openTab(page);
    const liveWarmMs = await openHome(page, base);
    const warmPhases = await phasesOf(page);
    const tabWarmMs = await openTab(page);
    await page.waitForTimeout(1000);
    const liveCodeCachedMs = await openHome(page, base);
    return { liveMs, tabMs, liveWarmMs, tabWarmMs, liveCodeCachedMs, warmPhases };
  } finally {
    await context.close();
  }
}
