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
  await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
  expect(await criticalViolations(page)).toEqual([]);
});

test('Applications has no critical accessibility violations', async ({ page }) => {
  await signInViaApi(page);
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  expect(await criticalViolations(page)).toEqual([]);
});

test('the link-account modal and the Linked Apps card have no critical or serious accessibility violations', async ({
  page,
}) => {
  const seriousViolations = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  await signInViaApi(page);
  await page.getByRole('button', { name: /Click here to link Live Dispatch/ }).click();
  await expect(page.getByRole('dialog', { name: 'Live Dispatch' })).toBeVisible();
  expect(await seriousViolations()).toEqual([]);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Linked Apps' })).toBeVisible();
  expect(await seriousViolations()).toEqual([]);
});
