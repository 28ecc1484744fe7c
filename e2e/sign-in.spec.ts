import { expect, test } from '@playwright/test';
import { ADMIN, signInViaApi } from './fixtures';

// The journeys of the sign-in screen itself sign in through the form (e2e/fixtures.ts says why the
// others do not).
test.describe('Sign In', () => {
  test('an admin signs in, reaches Applications and signs out', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email or Username').fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
    for (const card of ['NS BI', 'Tattle Systems', 'Live Dispatch']) {
      await expect(page.getByText(card, { exact: true }).first()).toBeVisible();
    }
    // The admin has no NSBI flag yet, and nothing is linked: NS BI is disabled, TS/LD say unlinked.
    await expect(page.getByText(/Click here to link Tattle Systems\./)).toBeVisible();
    await expect(page.getByText(/Click here to link Live Dispatch\./)).toBeVisible();
    await expect(page.getByText(/^version \d+\.\d+\.\d+ \([0-9a-f]{7}\)$/)).toBeVisible();
    await expect(page.getByText(String(new Date().getFullYear()))).toBeVisible();

    const token = await page.evaluate(() => sessionStorage.getItem('portal_access_token'));
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('portal_access_token'))).toBeNull();

    // The token was revoked on the server, not only forgotten by the browser.
    const me = await page.request.get('/api/v1.0/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test('bad credentials show the generic message and keep the user on Sign In', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('These credentials do not match our records.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('required-field messages appear only once a field is touched', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Email or Username is a required field')).toHaveCount(0);
    await page.getByLabel('Email or Username').focus();
    await page.getByRole('textbox', { name: 'Password', exact: true }).focus();
    await expect(page.getByText('Email or Username is a required field')).toBeVisible();
    await expect(page.getByText('Password is a required field')).toHaveCount(0);
  });

  test('the first click on a link under a form that validates on blur lands', async ({ page }) => {
    await page.goto('/register');
    // A field left by pressing the link: its message must not move the link from under the pointer.
    await page.getByLabel(/Full name/).click();
    await page.getByRole('link', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Trouble signing in? Contact the vendor at')).toBeVisible();
  });

  test('status=401 says the session expired', async ({ page }) => {
    await page.goto('/login?status=401');
    await expect(page.getByText('Your session expired.')).toBeVisible();
  });

  test('a visitor is sent back to the page they asked for after signing in', async ({ page }) => {
    await page.goto('/test');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email or Username').fill(ADMIN.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/test$/);
    await expect(page.getByRole('button', { name: 'Fetch Reports' })).toBeVisible();
  });

  test('a signed-in user who opens /login lands on the dashboard', async ({ page }) => {
    await signInViaApi(page, ADMIN, '/login');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  });

  test('a revoked token on any call clears the session and says it expired', async ({ page }) => {
    const session = await signInViaApi(page);
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
    await page.request.post('/api/v1.0/auth/logout', {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    // Refresh token too: the client may try one refresh before giving up.
    await page.evaluate(() => sessionStorage.removeItem('portal_refresh_token'));
    await page.reload();
    await expect(page).toHaveURL(/\/login\?status=401/);
    await expect(page.getByText('Your session expired.')).toBeVisible();
  });
});
