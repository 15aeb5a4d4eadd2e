import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * `npm run test:independent`: one remote deployed alone on the production build, in the browser the other tests use.
 * The spec starts its own server (from a team's checkout), so there is no webServer here.
 */
export default defineConfig({
  testDir: '.',
  testMatch: 'independent.spec.ts',
  timeout: 10 * 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: '../test-results/independent',
  use: { ...base.use, baseURL: undefined, actionTimeout: 20_000, navigationTimeout: 30_000 },
});
