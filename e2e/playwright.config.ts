import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
// A fresh embedded database per run, so tests never depend on what an earlier run left.
// Set once in the runner's environment so the workers (which load this file again) see the same folder.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `invest-e2e-${Date.now()}`);
const DATA_DIR = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // Per port: runs on other ports (one spec at a time, say) keep their own artifacts.
  outputDir: `./test-results/${PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // The app's service worker answers from its cache where page.route could not intercept: tests that fake a failed
    // download would never see it fail. The offline spec turns the worker on for itself.
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  webServer: {
    command: 'npm start',
    cwd: path.resolve(__dirname, '..'),
    url: `http://127.0.0.1:${PORT}/api/v2/config`,
    timeout: 600_000,
    // E2E_REUSE=1 runs against a server you already started (same port); CI always starts its own.
    reuseExistingServer: Boolean(process.env.E2E_REUSE),
    stdout: 'pipe',
    // Many registrations and logins from one IP in a few minutes: the limits scale up, they stay on.
    // Markets always open: live price updates happen whatever the hour CI runs at (the chart test watches them).
    env: { PORT: String(PORT), DATA_DIR, LOG_LEVEL: 'warn', RATE_LIMIT_FACTOR: '10', MARKET_ALWAYS_OPEN: '1' },
  },
});
