/**
 * Two federated builds against each other (`BENCH_AB=<folder A>,<folder B> npm run bench -- web-ab`): the web
 * benchmark's timed visits (bench/web-visits.ts), BENCH_WEB_RUNS (default 5) per build, interleaved, medians side by
 * side. Each folder holds a build's apps by folder name (`shell/`, `mf-markets/`, … each a copy of that app's dist).
 * For a change to the page's code: the medians of two separate `web` runs move with the machine's load by more than
 * such a change does, the interleaved visits of one run do not. It also prints the ratios paired by round. Even so,
 * one run of 15 rounds is only good to about ±6% on a returning visit: the same two builds measured 0.92 and 0.99 in
 * two runs. A smaller effect needs more rounds (BENCH_WEB_RUNS) or more runs.
 */
import os from 'node:os';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, CHROMIUM } from './lighthouse';
import { measureVisits, pairedRatio, phaseTable, serve, visitTable } from './web';

export async function runWebAbBench(): Promise<void> {
  const folders = (process.env.BENCH_AB ?? '').split(',').filter(Boolean);
  if (folders.length !== 2) throw new Error('BENCH_AB=<folder A>,<folder B>: the two builds to compare');
  console.log(`Web A/B: A ${folders[0]}, B ${folders[1]}; load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const builds = [await serve('A', folders[0]), await serve('B', folders[1])];
  try {
    const [a, b] = await measureVisits(browser, builds);
    console.log(`\n${visitTable([a!, b!])}\n\n${phaseTable([a!, b!])}\n`);
    const ratio = (k: 'liveMs' | 'tabMs' | 'liveWarmMs' | 'tabWarmMs' | 'liveCodeCachedMs') => (b![k] / a![k]).toFixed(2);
    console.log(`B / A: home live first ${ratio('liveMs')}, returning ${ratio('liveWarmMs')}, third load ${ratio('liveCodeCachedMs')}; tab cold ${ratio('tabMs')}, warm ${ratio('tabWarmMs')}`);
    const paired = (k: 'liveMs' | 'liveWarmMs' | 'liveCodeCachedMs') => pairedRatio(a!, b!, k).toFixed(2);
    console.log(`B / A paired by round: home live first ${paired('liveMs')}, returning ${paired('liveWarmMs')}, third load ${paired('liveCodeCachedMs')}`);
  } finally {
    await browser.close();
    await Promise.all(builds.map((s) => s.stop()));
  }
}
