import { expect, test } from './fixtures';
import { loginByUi, registerByApi } from './helpers';

// A route's early calls (@invest/shared/early-calls): a fresh load of positions starts its first page from the
// page's head, before the app's code has come, and the screen takes that answer instead of asking again.

const POSITIONS = /\/api\/stock\/success\/v2\/transaction\?/;

test.beforeEach(async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
});

test('positions, loaded fresh, ask for their first page once: from the page’s head, taken by the screen', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (POSITIONS.test(r.url())) asked.push(new URL(r.url()).search);
  });
  await page.goto('/trade');
  await expect(page.getByTestId('positions-empty')).toBeVisible();
  expect(asked).toEqual(['?include=chart&limit=10&page=1&type=stock']);
  // The head's script started it (before the app's code), and the screen took its answer.
  expect(await page.evaluate(() => Object.keys((window as unknown as { __investEarlyCalls: { calls: object } }).__investEarlyCalls.calls))).toEqual([]);

  // Another type's page is one the screen asks for itself, once: the page started the one its route names.
  await page.getByRole('tab', { name: 'Forex' }).click();
  await expect(page.getByTestId('positions-empty')).toContainText(/forex/i);
  expect(asked).toEqual(['?include=chart&limit=10&page=1&type=stock', '?include=chart&limit=10&page=1&type=forex']);
});

test('a visitor without a session starts nothing, and lands on the login', async ({ page }) => {
  await page.evaluate(() => localStorage.clear());
  const asked: string[] = [];
  page.on('request', (r) => {
    if (POSITIONS.test(r.url())) asked.push(r.url());
  });
  await page.goto('/trade');
  await expect(page).toHaveURL(/\/login/);
  expect(asked).toEqual([]);
});
