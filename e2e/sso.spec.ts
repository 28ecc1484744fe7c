import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signInViaApi } from './fixtures';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// Outside production the identity provider simulator (/sim/idp) is configured as "Example SSO" for
// sso.example.com when no provider is (docs/decisions/0043-single-sign-on.md).
test('an admin sees the provider; a person continues with it from the sign-in page and lands signed in', async ({
  page,
  browser,
}, testInfo) => {
  const admin = await (await browser.newContext()).newPage();
  await signInViaApi(admin, ADMIN, '/');
  await admin.getByRole('link', { name: 'Single sign-on' }).click();
  await expect(admin.getByRole('heading', { name: 'Single sign-on', level: 1 })).toBeVisible();
  const card = admin.getByRole('article', { name: 'Example SSO' }).or(admin.getByLabel('Example SSO'));
  await expect(card.first()).toContainText('sso.example.com');
  await admin.screenshot({ path: testInfo.outputPath('sso-admin-1366.png'), fullPage: true });
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.getByRole('button', { name: 'Edit' }).click();
  await expect(admin.getByRole('dialog', { name: 'Edit Example SSO' })).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await admin.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/login');
  await page.getByLabel('Email or Username').fill('alex@sso.example.com');
  const continueWith = page.getByRole('button', { name: 'Continue with Example SSO' });
  await expect(continueWith).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath('sso-sign-in.png') });
  await continueWith.click();

  await expect(page.getByRole('heading', { name: 'Example identity provider' })).toBeVisible();
  await page.getByRole('button', { name: /Alex Verified/ }).click();
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');

  await page.goto('/profile');
  const links = page.getByRole('region', { name: 'Single sign-on' });
  await expect(links).toContainText('Example SSO');
  await expect(links).toContainText('alex@sso.example.com');
});

test('an email the provider did not verify is refused with a clear message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill('uma@sso.example.com');
  await page.getByRole('button', { name: 'Continue with Example SSO' }).click();
  await page.getByRole('button', { name: /Uma Unverified/ }).click();
  await expect(page.getByRole('alert')).toContainText('has not verified your email address');
  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
});
