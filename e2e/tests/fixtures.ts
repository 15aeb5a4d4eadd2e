import { test as base, expect, type Page } from '@playwright/test';
import { seriousAxeFindings } from './checks/axe';
import { collectCspViolations, type CspViolation } from './checks/csp';
import { smallTapTargets } from './checks/tapTargets';

export { expect };

/** What every screen must pass: no serious or critical axe finding, no control under 44×44 px. */
export async function expectUsable(page: Page, { soft = false } = {}): Promise<void> {
  const where = new URL(page.url()).pathname;
  const check = soft ? expect.soft : expect;
  check(await seriousAxeFindings(page), `axe-core serious/critical findings on ${where}`).toEqual([]);
  check(await smallTapTargets(page), `controls under 44×44 px on ${where}`).toEqual([]);
}

/**
 * Every test, whatever it is about, ends with the page checks: no Content-Security-Policy violation on any page it
 * opened, and the screen it ends on passes `expectUsable`. A test that already failed is left with its own error.
 * `test.use({ pageChecks: false })` turns the screen checks off (never the CSP one) for a test that ends on a
 * screen no user sees. `test.use({ cspBlocksExpected: [...] })` names directives a test expects the CSP to enforce
 * (a hostile payload's handlers): those violations it checks itself, through the `cspViolations` fixture.
 */
export const test = base.extend<{ pageChecks: boolean; cspBlocksExpected: string[]; cspViolations: CspViolation[]; afterEachChecks: void }>({
  pageChecks: [true, { option: true }],
  cspBlocksExpected: [[], { option: true }],
  cspViolations: [async ({ context }, use) => use(await collectCspViolations(context)), { auto: true }],
  afterEachChecks: [
    async ({ page, pageChecks, cspBlocksExpected, cspViolations }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus) return;
      const unexpected = cspViolations.filter((v) => !(cspBlocksExpected.includes(v.directive) && v.disposition === 'enforce'));
      expect(unexpected, 'Content-Security-Policy violations').toEqual([]);
      if (pageChecks && !page.isClosed() && page.url().startsWith('http')) await expectUsable(page);
    },
    { auto: true },
  ],
});
