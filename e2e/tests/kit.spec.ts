import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginByUi, registerByApi } from './helpers';

// The kit at a phone's width (390×844, the config's viewport): no tab label cut in any language, every tab
// reachable; a page named by its tab; toasts clear of the content and shown once.

const LOCALES = ['en', 'zh', 'es', 'de'] as const;

/** Screens with tab rows, and how many rows each has once drawn. */
const TABBED: { path: string; rows: number }[] = [
  { path: '/records', rows: 1 },
  { path: '/markets', rows: 2 },
  { path: '/account', rows: 1 },
  { path: '/account/changes', rows: 1 },
  { path: '/recharge-records/recharge', rows: 1 },
  { path: '/account/recharge-withdraw/withdraw', rows: 1 },
  { path: '/trade', rows: 1 },
  { path: '/news', rows: 1 },
  { path: '/stock/v2/RELIANCE.NS/Reliance%20Industries%20Ltd', rows: 1 },
  { path: '/stock/trading/RELIANCE.NS/IN/Reliance%20Industries%20Ltd?type=buy', rows: 1 },
];

interface TabBox {
  label: string;
  width: number;
  height: number;
  /** Its label's width beyond its box: cut when above 0. */
  cut: number;
  /** Scrolled to, it lies wholly inside its row and the screen. */
  reachable: boolean;
}

/** Every tab of every tab row on the page, measured, each scrolled into view in its row. */
function measureTabs(page: Page): Promise<TabBox[][]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[role="tablist"]')].map((row) =>
      [...row.querySelectorAll<HTMLElement>('[role="tab"]')].map((tab) => {
        tab.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const r = row.getBoundingClientRect();
        const t = tab.getBoundingClientRect();
        const inRow = t.left >= r.left - 0.5 && t.right <= r.right + 0.5;
        const onScreen = t.left >= -0.5 && t.right <= window.innerWidth + 0.5;
        return {
          label: tab.textContent ?? '',
          width: Math.round(t.width),
          height: Math.round(t.height),
          cut: tab.scrollWidth - tab.clientWidth,
          reachable: inRow && onScreen,
        };
      }),
    ),
  );
}

test('no tab label is cut at 390 px in any language, and every tab can be reached', async ({ page, request }) => {
  test.setTimeout(240_000);
  await loginByUi(page, await registerByApi(request));
  const report: string[] = [];
  for (const locale of LOCALES) {
    await page.evaluate((l) => localStorage.setItem('locale', l), locale);
    for (const { path, rows } of TABBED) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('tablist')).toHaveCount(rows);
      // Settled: labels that come with data (market names) are in, and two measurements in a row agree.
      await expect(page.getByRole('tab').last()).not.toHaveText('');
      let measured: TabBox[][] = [];
      let last = '';
      await expect
        .poll(async () => {
          measured = await measureTabs(page);
          const same = JSON.stringify(measured) === last;
          last = JSON.stringify(measured);
          return same;
        })
        .toBe(true);
      for (const row of measured) {
        report.push(`${locale} ${path}: ${row.map((x) => `${x.label}=${x.width}px${x.cut > 0 ? ` CUT ${x.cut}px` : ''}${x.reachable ? '' : ' UNREACHABLE'}`).join(' | ')}`);
        for (const tab of row) {
          expect.soft(tab.cut, `${locale} ${path} "${tab.label}" cut`).toBeLessThanOrEqual(0);
          expect.soft(tab.reachable, `${locale} ${path} "${tab.label}" reachable`).toBe(true);
          expect.soft(Math.min(tab.width, tab.height), `${locale} ${path} "${tab.label}" tap size`).toBeGreaterThanOrEqual(44);
        }
      }
    }
  }
  console.log(report.join('\n'));
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
});

test('the records page is named by its tab, in its header and the document title', async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
  await page.goto('/recharge-records/recharge');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recharge records');
  await page.getByRole('tab', { name: 'Withdraw' }).click();
  await expect(page).toHaveURL(/\/recharge-records\/withdraw$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Withdraw records');
  await expect(page).toHaveTitle(/^Withdraw records/);
  await page.getByRole('tab', { name: 'Recharge' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recharge records');
  await expect(page).toHaveTitle(/^Recharge records/);
});

test('a toast sits above the nav, clear of the first card, and does not come back after a reload', async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
  // "Login successful", raised on the login page, shows on home: the page after it.
  const note = page.getByRole('status').filter({ hasText: 'Login successful' });
  await expect(note).toBeVisible();
  const box = (await note.boundingBox())!;
  const nav = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!;
  const header = (await page.getByRole('heading', { name: 'Home' }).boundingBox())!;
  const card = (await page.getByTestId('index-card').first().boundingBox())!;
  console.log(`toast ${JSON.stringify(box)}; nav top ${nav.y}; first card ${JSON.stringify(card)}`);
  expect(box.y + box.height).toBeLessThanOrEqual(nav.y);
  expect(box.y).toBeGreaterThan(card.y + card.height);
  expect(box.y).toBeGreaterThan(header.y + header.height);
  await expect(note).toBeHidden({ timeout: 5000 });

  // Every status message the reloaded page ever shows, so one that came back and went again still counts.
  await page.addInitScript(() => {
    const shown: string[] = ((window as unknown as { statusesShown: string[] }).statusesShown = []);
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="status"]')) if (!shown.includes(el.textContent ?? '')) shown.push(el.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.reload();
  // The app has started: the toast host came with the shell, before home took over from its first frame and drew
  // its prices.
  await expect(page.locator('#prerender')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByTestId('index-card').filter({ hasText: /\d/ }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { statusesShown: string[] }).statusesShown)).not.toContain('Login successful');
  await expect(note).toHaveCount(0);
});

test("a toast on the stock detail sits above its buy and sell bar, which stays visible", async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
  await page.goto('/stock/v2/RELIANCE.NS/Reliance%20Industries%20Ltd');
  const star = page.getByTestId('favourite');
  await expect(star).toBeEnabled();
  await star.click();
  const note = page.getByRole('status').filter({ hasText: /Added to watchlist|Removed from watchlist/ });
  await expect(note).toBeVisible();
  const box = (await note.boundingBox())!;
  const buy = (await page.getByRole('link', { name: 'Buy' }).or(page.getByRole('button', { name: 'Buy' })).first().boundingBox())!;
  console.log(`stock detail: toast ${JSON.stringify(box)}; buy ${JSON.stringify(buy)}`);
  expect(box.y + box.height).toBeLessThanOrEqual(buy.y);
});
