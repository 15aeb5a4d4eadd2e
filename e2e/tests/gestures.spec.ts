import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginByUi, registerByApi } from './helpers';

/**
 * A real touch swipe through the DevTools protocol: start point, end point, duration. The duration is on the page's
 * clock (Playwright's, installed before the page loaded), which the shell times a swipe with.
 */
async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, ms: number) {
  const cdp = await page.context().newCDPSession(page);
  const steps = 5;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= steps; i++) {
    await page.clock.runFor(ms / steps);
    const p = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('an edge swipe right goes back; other swipes do not', async ({ page, request }) => {
  await page.clock.install();
  await loginByUi(page, await registerByApi(request));
  await page.evaluate(() => window.history.pushState(null, '', '/markets'));
  await page.evaluate(() => window.history.pushState(null, '', '/news'));
  await expect(page.getByRole('heading', { name: 'News' })).toBeVisible();

  // Going back moves the URL only later (history.back is asynchronous): count the calls, which are made at once.
  await page.evaluate(() => {
    const w = window as unknown as { backs: number };
    const back = history.back.bind(history);
    w.backs = 0;
    history.back = () => {
      w.backs += 1;
      back();
    };
  });
  const stays = async (label: string, from: { x: number; y: number }, to: { x: number; y: number }, ms: number) => {
    // The shell judges a swipe in its touchend listener on document: the event reaching window comes after it.
    await page.evaluate(() => {
      (window as unknown as { swipeEnded: Promise<void> }).swipeEnded = new Promise((resolve) =>
        window.addEventListener('touchend', () => resolve(), { once: true, passive: true }),
      );
    });
    await swipe(page, from, to, ms);
    await page.evaluate(() => (window as unknown as { swipeEnded: Promise<void> }).swipeEnded);
    expect(await page.evaluate(() => (window as unknown as { backs: number }).backs), label).toBe(0);
    expect(new URL(page.url()).pathname, label).toBe('/news');
  };
  await stays('starts too far from the edge', { x: 80, y: 400 }, { x: 260, y: 400 }, 200);
  await stays('too short', { x: 10, y: 400 }, { x: 60, y: 400 }, 150);
  await stays('too slow', { x: 10, y: 400 }, { x: 250, y: 400 }, 800);
  await stays('mostly vertical', { x: 10, y: 300 }, { x: 90, y: 600 }, 200);
  await stays('leftwards', { x: 30, y: 400 }, { x: 0, y: 400 }, 200);

  await swipe(page, { x: 10, y: 400 }, { x: 220, y: 420 }, 200);
  await expect(page).toHaveURL(/\/markets$/);

  // The hybrid app shell's hardware back button.
  await page.evaluate(() => window.history.pushState(null, '', '/news'));
  await expect(page.getByRole('heading', { name: 'News' })).toBeVisible();
  await page.evaluate(() => document.dispatchEvent(new Event('backbutton')));
  await expect(page).toHaveURL(/\/markets$/);
});
