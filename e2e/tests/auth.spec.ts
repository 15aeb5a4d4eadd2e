import { expect, test } from './fixtures';
import { formError, freshPhone, INVITE, loginByUi, PASSWORD, registerByApi } from './helpers';

test('a new investor registers with the invitation code, logs in, reaches home and logs out', async ({ page }) => {
  const phone = freshPhone();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);

  // A pasted international number keeps its 10 national digits.
  await page.getByLabel('Phone number', { exact: true }).fill(`+91 ${phone.slice(0, 5)} ${phone.slice(5)}`);
  await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('Invitation code').fill(INVITE);
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?phone=/);
  await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Logged in, /login sends you home.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);

  // Log out from settings, with a confirmation.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('dialog')).toContainText('Do you want to log out');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The remembered phone number fills the form again; no password was kept.
  await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue(phone);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(PASSWORD);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount$/);
});

test('the login page goes on to the page it was asked for with a page load, never to another site', async ({ page, request }) => {
  const phone = await registerByApi(request);
  const logIn = async () => {
    await page.getByLabel('Phone number', { exact: true }).fill(phone);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
  };
  // A fresh /login is the standalone login page (the app's own login screen is in session.spec.ts).
  await page.goto('/login?next=%2Fwithdraw');
  await logIn();
  await expect(page).toHaveURL(/\/withdraw$/);
  await expect(page.getByRole('heading', { name: 'Withdraw' })).toBeVisible();

  // Another site in ?next= is ignored: home.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto(`/login?next=${encodeURIComponent('//evil.example/phish')}`);
  await logIn();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
});

test('registration refuses bad input with a clear message and writes nothing', async ({ page, request }) => {
  const taken = await registerByApi(request);
  const fresh = freshPhone();
  await page.goto('/register');
  const fill = async (user: string, password: string, confirm: string, code: string) => {
    await page.getByLabel('Phone number', { exact: true }).fill(user);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(confirm);
    await page.getByLabel('Invitation code').fill(code);
    await page.getByRole('button', { name: 'Register' }).click();
  };

  await fill(taken, PASSWORD, PASSWORD, INVITE);
  await expect(formError(page, 'This phone number is already registered')).toBeVisible();

  await fill(fresh, PASSWORD, PASSWORD, 'NOPE-0000');
  await expect(formError(page, 'Invalid invitation code')).toBeVisible();

  await fill(fresh, '12345', '12345', INVITE);
  await expect(formError(page, 'Password must be at least 6 characters')).toBeVisible();

  await fill(fresh, PASSWORD, `${PASSWORD}x`, INVITE);
  await expect(formError(page, 'Passwords do not match')).toBeVisible();

  await fill(fresh.slice(0, 9), PASSWORD, PASSWORD, INVITE);
  await expect(formError(page, 'Phone number must be 10 digits')).toBeVisible();

  await fill('', PASSWORD, PASSWORD, INVITE);
  await expect(formError(page, 'Please fill in all required fields')).toBeVisible();

  // Nothing was written: the fresh phone cannot log in, and can still register.
  const login = await request.post('/api/stock/user/login', { data: { user: fresh, password: PASSWORD } });
  expect(login.status()).toBe(401);
  await registerByApi(request, fresh);
});

test('login refuses a wrong password and a short one', async ({ page, request }) => {
  const phone = await registerByApi(request);
  await page.goto('/login');
  await page.getByLabel('Phone number', { exact: true }).fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(formError(page, 'Invalid account password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(formError(page, 'Password must be at least 6 characters')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the API answers a missing token and malformed JSON with clear messages', async ({ request }) => {
  const noToken = await request.get('/api/stock/success/v2/user/info');
  expect(noToken.status()).toBe(401);
  expect(await noToken.json()).toEqual({ msg: 'no', data: 'unauthorized' });

  const malformed = await request.post('/api/stock/user/reg', {
    headers: { 'content-type': 'application/json' },
    data: Buffer.from('{"user": "9000000001", "password": '),
  });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toEqual({ msg: 'no', data: 'malformedJson' });
});

test('forgot password asks for the phone and the old password, the remembered phone filled in', async ({ page, request }) => {
  const phone = await registerByApi(request);
  const fill = async (old: string, next: string, confirm: string) => {
    await page.getByLabel('Old password').fill(old);
    await page.getByLabel('New password', { exact: true }).fill(next);
    await page.getByLabel('Confirm new password').fill(confirm);
    await page.getByRole('button', { name: 'Reset password' }).click();
  };
  // Nothing remembered on this phone: the screen asks for everything, and stays.
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue('');
  await page.getByLabel('Phone number', { exact: true }).fill(phone);
  await fill('not-the-password', 'newsecret1', 'newsecret1');
  await expect(formError(page, 'Old password is incorrect')).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // Logged in once, then out: the remembered phone comes back, the password is typed.
  await loginByUi(page, phone);
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/forgot-password');
  await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue(phone);
  await expect(page.getByLabel('Old password')).toHaveValue('');
  await fill(PASSWORD, 'newsecret1', 'newsecret2');
  await expect(formError(page, 'Passwords do not match')).toBeVisible();
  await fill(PASSWORD, 'newsecret1', 'newsecret1');
  await expect(page.getByText('Password reset successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?phone=\d{10}$/);
  await expect(page.getByLabel('Phone number', { exact: true })).toHaveValue(phone);
  await loginByUi(page, phone, 'newsecret1');
});

test('the registration screen opened while offline says so, and appears once the connection returns', async ({ page, context }) => {
  // The shell's own login screen (a logged-out visit to /), whose links are in-app.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page.getByText("You're offline")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

test('the login page starts without the form rules; offline at first they still arrive, and the login goes through', async ({ page, request, context }) => {
  const phone = await registerByApi(request);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (/\.js$/.test(r.url())) scripts.push(r.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  const atStart = scripts.length;
  // Offline when the user starts typing: the rules (zod) cannot load yet, and a submit says so.
  await context.setOffline(true);
  await page.getByLabel('Phone number', { exact: true }).fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(formError(page, 'No connection')).toBeVisible();
  // The rules were asked for when the phone field took focus, not with the page.
  expect(scripts.length).toBeGreaterThan(atStart);
  // Back online, the same submit fetches them again and logs in.
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
});

test('a fresh /login is a page of its own: no federation, no remote; after the login the shell starts and says so', async ({ page, request }) => {
  const phone = await registerByApi(request);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (/\.js$/.test(r.url())) scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  expect(scripts).toEqual([expect.stringMatching(/^\/login\.[0-9a-f]{8}\.js$/)]);
  expect(await page.evaluate(() => '__FEDERATION__' in window)).toBe(false);

  // Starting on the form fetches the shell's start files, for the page load that follows the login.
  await page.getByLabel('Phone number', { exact: true }).fill(phone);
  await expect.poll(() => scripts).toContainEqual(expect.stringMatching(/^\/main\.[0-9a-f]{8}\.js$/));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('offline, a link on the login page says so instead of leaving for the browser’s error page, and opens once back online', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page.getByText('No connection. Check your network and try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});
