import { expect, test } from '@playwright/test';
import { ADMIN } from './fixtures';

test('mobile mode from ?target=mobile-app hides the sidebar and page headers', async ({ page }) => {
  await page.goto('/login?target=mobile-app');
  expect(await page.evaluate(() => sessionStorage.getItem('mobile_view'))).toBeTruthy();
  await page.getByLabel('Email or Username').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  // The Applications cards are there, but neither the sidebar nor the page header is.
  await expect(page.getByText('Live Dispatch', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Applications' })).toHaveCount(0);
  await expect(page.getByText(/^version \d/)).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
});

test('without the target the sidebar is there', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  await expect(page.getByText(/^version \d+\.\d+\.\d+ \([0-9a-f]{7}\)$/)).toBeVisible();
});
