import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * A Playwright config for a suite that starts its own servers (no webServer): the phone and browser of the other
 * tests, one worker, no retries, its own results folder.
 */
export function ownServerConfig({ dir, spec, minutes }: { dir: string; spec: string; minutes: number }) {
  return defineConfig({
    testDir: dir,
    testMatch: spec,
    timeout: minutes * 60_000,
    expect: { timeout: 15_000 },
    workers: 1,
    retries: 0,
    reporter: [['list']],
    outputDir: path.join(__dirname, 'test-results', spec.replace(/\.spec\.ts$/, '')),
    use: { ...base.use, baseURL: undefined, actionTimeout: 20_000, navigationTimeout: 30_000 },
  });
}
