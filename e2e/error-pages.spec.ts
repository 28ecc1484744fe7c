import { expect, test } from '@playwright/test';
import { signInViaApi } from './fixtures';

const NOT_FOUND = "We're sorry, but the page you were looking for doesn't exist.";

test.describe('error pages', () => {
  test('/dashboard and unknown paths show the 404 page', async ({ page }) => {
    await signInViaApi(page);
    for (const path of ['/dashboard', '/no/such/page']) {
      await page.goto(path);
      await expect(page.getByText(NOT_FOUND)).toBeVisible();
    }
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  });

  test('NS BI without the NSBI flag shows the 403 page with its links', async ({ page }) => {
    await signInViaApi(page, undefined, '/nsbi');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByText("We're sorry, but you don't have access to this page.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    await page.getByRole('link', { name: 'Log In with another account' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
  });

  test('the 401 page says the visitor is not authorized', async ({ page }) => {
    await page.goto('/401');
    await expect(page.getByText("We're sorry, but you are not authorized to view this page.")).toBeVisible();
  });

  test('an unknown API path is a JSON 404, not the SPA', async ({ request }) => {
    const res = await request.get('/api/v1.0/nothing-here');
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found.' });
  });
});
