import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInViaApi } from './fixtures';

async function criticalViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('Sign In has no critical accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  expect(await criticalViolations(page)).toEqual([]);
});

test('Applications has no critical accessibility violations', async ({ page }) => {
  await signInViaApi(page);
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  expect(await criticalViolations(page)).toEqual([]);
});
