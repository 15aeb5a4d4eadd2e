import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { loginByUi, open, operatorToken, opsCli, registerByApi } from './helpers';

// Customer-service chat against the real API: the user writes, an operator answers through the ops CLI while the
// app runs, the answer arrives on the open screen without a reload, and the service icons count what is unread.

const marker = (page: Page) => page.evaluate(() => ((window as unknown as { __marker: number }).__marker ??= Date.now()));
const texts = (page: Page) => page.getByTestId('chat-text');

test('a chat round trip: the operator answers through the CLI, the user sees it live, the badge counts it and clears when read', async ({ page, request, baseURL }) => {
  const phone = await registerByApi(request);
  await loginByUi(page, phone);
  // Home has two service icons (the header's and the floating button), neither with a count yet.
  await expect(page.getByRole('link', { name: 'Customer service', exact: true })).toHaveCount(2);
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);

  await page.getByRole('link', { name: 'Customer service', exact: true }).first().click();
  await expect(page).toHaveURL(/\/customer-service$/);
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('chat-empty.png') });
  await page.getByRole('textbox', { name: 'Message' }).fill('  Where is my deposit?  ');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(texts(page)).toHaveText(['Where is my deposit?']);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  const before = await marker(page);

  expect(await opsCli(baseURL!, 'chat', 'list')).toMatch(new RegExp(`^${phone}\\s+\\d{8}\\s+unread 1\\s+\\S+\\s+user: Where is my deposit\\?$`, 'm'));
  expect(await opsCli(baseURL!, 'chat', 'reply', phone, 'It arrives today.')).toMatch(new RegExp(`^reply \\d+ sent to ${phone}$`, 'm'));
  await expect(texts(page)).toHaveText(['Where is my deposit?', 'It arrives today.']);
  await expect(page.getByTestId('chat-message').last()).toHaveAttribute('data-from', 'agent');
  await expect(page.getByTestId('chat-day')).toHaveText(['Today']);
  // The same page all along: no reload happened.
  expect(await marker(page)).toBe(before);
  await page.screenshot({ path: test.info().outputPath('chat-reply.png') });

  // Seen on screen, so not counted; a reply while the user is elsewhere is.
  await open(page, '/');
  await expect(page.getByRole('link', { name: 'Customer service', exact: true })).toHaveCount(2);
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  expect(await opsCli(baseURL!, 'chat', 'show', phone)).toMatch(/user {3}Where is my deposit\?\n.* agent {2}It arrives today\.\n$/);
  await opsCli(baseURL!, 'chat', 'reply', phone, 'Anything else?');
  const counted = page.getByRole('link', { name: 'Customer service, 1 unread' });
  await expect(counted).toHaveCount(2, { timeout: 15_000 });
  await expect(page.getByTestId('unread-badge').first()).toHaveText('1');
  await page.screenshot({ path: test.info().outputPath('home-badge.png') });

  await counted.first().click();
  await expect(texts(page).last()).toHaveText('Anything else?');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Customer service', exact: true })).toHaveCount(2);
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
});

test("an HTML or script payload shows as text and runs nothing; another user's messages never show", async ({ page, request }) => {
  const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b> & "quoted"';
  const phone = await registerByApi(request);
  const other = await registerByApi(request);
  const ops = { Authorization: `Bearer ${await operatorToken(request)}` };
  const toOther = await request.post(`/api/ops/chats/${other}/messages`, { headers: ops, data: { text: 'only for the other user' } });
  expect(toOther.status()).toBe(200);

  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await loginByUi(page, phone);
  await open(page, '/customer-service');
  await expect(page.getByTestId('chat-empty')).toBeVisible();
  await page.getByRole('textbox', { name: 'Message' }).fill(payload);
  // The reply follows the message the server has stored (the log is in the server's order).
  const stored = page.waitForResponse((r) => r.url().endsWith('/user_message/send') && r.status() === 200);
  await page.getByRole('button', { name: 'Send' }).click();
  await stored;
  const reply = await request.post(`/api/ops/chats/${phone}/messages`, { headers: ops, data: { text: `<svg onload="alert(1)"></svg>${payload}` } });
  expect(reply.status()).toBe(200);

  await expect(texts(page)).toHaveText([payload, `<svg onload="alert(1)"></svg>${payload}`]);
  expect(await page.getByTestId('chat-log').locator('img, script, b, svg').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toBe(0);
  await expect(page.getByText('only for the other user')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('chat-markup.png') });
});
