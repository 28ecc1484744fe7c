import { expect, test } from '@playwright/test';
import { MESSAGES } from '@portal/contract';
import { signInViaApi } from './fixtures';
import { createUserWithFlags, resetLinkOf, securityCodeOf, waitForMail } from './support/account-security';
import { uniqueStamp } from './support/users';

// Mails travel over SMTP to the journeys' own mail server (e2e/mail-sink.ts, started with the portal).
test.describe('Account security', () => {
  test('two-factor sign-in with the mailed security code', async ({ page, request }) => {
    const user = await createUserWithFlags(request, { twoFactor: true });
    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    const code = page.getByRole('textbox', { name: 'Security code' });
    await expect(code).toBeVisible();
    const mail = await waitForMail(request, user.email);
    await code.fill('000000' === securityCodeOf(mail) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText(/security code is invalid/i)).toBeVisible();

    await code.fill(securityCodeOf(mail));
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  });

  test('forgot password → mail → reset → sign in with the new password', async ({ page, request }) => {
    const user = await createUserWithFlags(request);
    await page.goto('/forgot-password');
    await expect(page.getByText('Please enter your email. We will send you a reset link.')).toBeVisible();
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: /reset link/i })).toBeVisible();

    const link = resetLinkOf(await waitForMail(request, user.email));
    await page.goto(link);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('brand-new1');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('brand-new1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(/password has been reset/i)).toBeVisible();

    await page.getByLabel('Email or Username').fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('brand-new1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  });

  test('sign-up signs the new user in', async ({ page }) => {
    const email = `e2e-signup-${uniqueStamp()}@example.com`;
    await page.goto('/register');
    await page.getByLabel('Full name').fill('E2E Sign Up');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('secret12');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('secret12');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText(MESSAGES.signUpSuccess)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  });

  test('single session: a sign-in elsewhere ends the first session with the message', async ({
    browser,
    request,
  }) => {
    const user = await createUserWithFlags(request, { singleSession: true });
    const first = await browser.newContext();
    const firstPage = await first.newPage();
    // Wait for the realtime stream before signing in elsewhere.
    const streamOpen = firstPage.waitForResponse((r) => r.url().includes('/api/v1.0/realtime?ticket='));
    await signInViaApi(firstPage, user);
    await expect(firstPage.getByRole('heading', { name: 'Applications' })).toBeVisible();
    await streamOpen;

    const second = await browser.newContext();
    const secondPage = await second.newPage();
    await signInViaApi(secondPage, user);
    await expect(secondPage.getByRole('heading', { name: 'Applications' })).toBeVisible();

    await expect(firstPage.getByText(MESSAGES.anotherDevice).first()).toBeVisible();
    await expect(firstPage).toHaveURL(/\/login$/, { timeout: 10_000 });
    await expect(firstPage.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(firstPage.getByText(MESSAGES.sessionExpired)).toHaveCount(0);
    await first.close();
    await second.close();
  });
});
