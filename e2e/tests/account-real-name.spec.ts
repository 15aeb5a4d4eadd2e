import sharp from 'sharp';
import { expect, expectUsable, test } from './fixtures';
import { apiGet, authOf, loginByUi, open, opsCli, registerByApi } from './helpers';
import { AADHAAR } from './realName';

// Real-name verification against the real API: photos resized in Chromium and uploaded, an operator's approval
// through the CLI, and the rule it unlocks (withdrawals and loans).

/** A camera-sized JPEG of one colour with a little text on it, as a phone would take. */
const photo = (background: string) =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="120"><text x="10" y="90" font-size="80" fill="white">ID CARD</text></svg>'), top: 80, left: 80 }])
    .jpeg({ quality: 95 })
    .toBuffer();

test.beforeEach(async ({ page, request }) => {
  await loginByUi(page, await registerByApi(request));
});

test('a withdrawal before approval shows the rule before any amount, and writes nothing', async ({ page, request }) => {
  await open(page, '/withdraw');
  const gate = page.getByTestId('real-name-gate');
  await expect(gate).toContainText('Withdrawals are only possible once your real name is verified.');
  await expect(page.getByTestId('withdraw-amount')).toHaveCount(0);
  await expect(gate.getByRole('link', { name: 'Verify now' })).toHaveAttribute('href', '/settings/real-name');

  // The API holds the same rule.
  const res = await request.post('/api/stock/success/money/access', { headers: { ...(await authOf(page)), 'Idempotency-Key': 'kyc-gate-1' }, data: { bank_id: 1, count: 50_000 } });
  expect([res.status(), await res.json()]).toEqual([403, { msg: 'no', data: 'realNameRequired' }]);
  expect((await apiGet<{ count: number }>(request, page, '/api/stock/success/property/withdraw')).count).toBe(0);

  await open(page, '/loan');
  await expect(page.getByTestId('real-name-gate')).toContainText('Loan applications are only possible once your real name is verified.');
  await page.screenshot({ path: test.info().outputPath('gate.png') });
});

test('a submit with two photos, approved by an operator through the CLI, shows the stamp', async ({ page, request, baseURL }) => {
  await open(page, '/settings');
  await page.getByRole('link', { name: 'Real-name verification' }).click();
  const form = page.getByTestId('real-name-form');
  await form.getByLabel('Full name').fill('Asha Rao');
  await expect(form.getByLabel('ID type')).toHaveValue('idCard');
  await form.getByLabel('ID number').fill('2341 2341 234');
  await form.getByLabel('Full name').click();
  await expect(form.getByRole('alert')).toHaveText('Invalid Aadhaar number (12 digits)');
  // 12 digits with a wrong check digit: its own message, not the length one.
  await form.getByLabel('ID number').fill('2341 2341 2345');
  await expect(form.getByRole('alert')).toHaveText('This Aadhaar number is not valid: check the digits');
  await form.getByLabel('ID number').fill(AADHAAR);
  await expect(form.getByRole('alert')).toHaveCount(0);

  await form.getByTestId('photo-front').locator('input').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#2a4d8f') });
  await expect(form.getByTestId('photo-front')).toContainText('Change photo');
  await expect(page.getByTestId('real-name-submit')).toBeDisabled();
  await form.getByTestId('photo-back').locator('input').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await photo('#8f4d2a') });
  await expect(form.getByTestId('photo-back')).toContainText('Change photo');
  await page.screenshot({ path: test.info().outputPath('real-name-form.png') });
  await expectUsable(page);
  await page.getByTestId('real-name-submit').click();

  await expect(page.getByText('Real name verification submitted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/);

  const state = await apiGet<{ id: number; status: number; id_number: string; id_number_img: string }>(request, page, '/api/stock/success/autonomy/state');
  expect([state.status, state.id_number]).toEqual([1, '****2346']);
  // The browser sent the photo resized to fit 1200×1200.
  const stored = await request.get(state.id_number_img, { headers: await authOf(page) });
  const meta = await sharp(await stored.body()).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 800]);

  await open(page, '/settings/real-name');
  await expect(page.getByTestId('real-name-stamp')).toHaveText('Under review');

  expect(await opsCli(baseURL!, 'kyc', 'approve', String(state.id))).toContain(`real name ${state.id} of`);
  await page.reload();
  await expect(page.getByTestId('real-name-stamp')).toHaveText('Verified');
  await expect(page.getByTestId('real-name-id-number')).toHaveText('****2346');
  await expect(page.getByRole('img', { name: 'Front of the ID' })).toBeVisible();
  // Under the stamp the form does not scroll.
  await page.mouse.wheel(0, 800);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('real-name-approved.png') });
  await expectUsable(page);

  // Now the withdraw screen opens its form.
  await open(page, '/withdraw');
  await expect(page.getByTestId('real-name-gate')).toHaveCount(0);
});
