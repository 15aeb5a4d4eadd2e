import type { Locator, Page } from '@playwright/test';
import { expect, expectUsable, test } from './fixtures';
import { loginByUi, operatorToken, registerByApi } from './helpers';

// Every built screen, loaded fresh and settled, passes axe-core (no serious or critical finding) and the
// 44×44 px tap-target check; the fixture adds the CSP check. The screens are checked here explicitly.
test.use({ pageChecks: false });

interface Screen {
  path: string;
  /** Something that is only there once the screen has its data. */
  ready: (page: Page) => Locator;
}

const ARTICLE_TITLE = `Accessible markets ${Date.now()}`;

const SIGNED_IN: Screen[] = [
  { path: '/', ready: (p) => p.getByTestId('index-card').filter({ hasText: /\d/ }).first() },
  { path: '/markets', ready: (p) => p.getByTestId('stock-row').first() },
  { path: '/stock/v2/RELIANCE.NS/Reliance%20Industries%20Ltd', ready: (p) => p.getByTestId('chart-1m').locator('canvas').first() },
  { path: '/watchlists', ready: (p) => p.getByTestId('stock-row').first() },
  { path: '/news', ready: (p) => p.getByRole('link').filter({ hasText: ARTICLE_TITLE }).first() },
  { path: '/news/:id', ready: (p) => p.getByRole('heading', { name: ARTICLE_TITLE }) },
  { path: '/account', ready: (p) => p.getByTestId('total-assets') },
  { path: '/trade', ready: (p) => p.getByTestId('positions-empty') },
  { path: '/records', ready: (p) => p.getByTestId('records-empty') },
  { path: '/stock/trading/RELIANCE.NS/IN/Reliance%20Industries%20Ltd?type=buy', ready: (p) => p.getByText('You hold no lots of this instrument') },
  { path: '/settings', ready: (p) => p.getByRole('button', { name: 'Log out' }) },
];

const SIGNED_OUT: Screen[] = [
  { path: '/login', ready: (p) => p.getByRole('heading', { name: 'Welcome back' }) },
  { path: '/register', ready: (p) => p.getByRole('heading', { name: 'Create your account' }) },
  { path: '/forgot-password', ready: (p) => p.getByRole('heading', { name: 'Reset password' }) },
];

let articleId = 0;
test.beforeAll(async ({ request }) => {
  const created = await request.post('/api/ops/news', {
    headers: { Authorization: `Bearer ${await operatorToken(request)}` },
    data: { title: ARTICLE_TITLE, subhead: 'Every screen readable and tappable', img: '', content: '<p>Contrast and <a href="/markets">tap targets</a> checked.</p>' },
  });
  expect(created.status(), await created.text()).toBe(200);
  articleId = ((await created.json()) as { data: { id: number } }).data.id;
});

/** Opens a screen fresh and waits until it shows its data and nothing is loading or fading in. */
async function openSettled(page: Page, screen: Screen) {
  await page.goto(screen.path.replace(':id', String(articleId)));
  await expect(screen.ready(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

test.describe('signed in', () => {
  test.beforeEach(async ({ page, request }) => {
    const phone = await registerByApi(request);
    await loginByUi(page, phone);
    // A favourite, so the watchlist shows rows rather than its empty state.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const added = await request.post('/api/stock/success/collection/add', { headers: { Authorization: `Bearer ${token}` }, data: { symbol: 'TCS.NS' } });
    expect(added.status(), await added.text()).toBe(200);
  });
  for (const screen of SIGNED_IN) {
    test(`${screen.path} passes axe and the tap-target check`, async ({ page }) => {
      await openSettled(page, screen);
      await expectUsable(page, { soft: true });
    });
  }
});

test.describe('signed out', () => {
  test.beforeEach(async ({ page, request }) => {
    // Logged in once with "remember me", then out: the login and reset screens show the remembered phone number.
    await loginByUi(page, await registerByApi(request));
    await page.evaluate(() => localStorage.removeItem('token'));
  });
  for (const screen of SIGNED_OUT) {
    test(`${screen.path} passes axe and the tap-target check`, async ({ page }) => {
      await openSettled(page, screen);
      await expectUsable(page, { soft: true });
    });
  }
});
