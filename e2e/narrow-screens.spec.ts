import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signInViaApi } from './fixtures';
import { createNsbiCustomer } from './support/nsbi';

/** Issue 18.15: at 390 px wide nothing scrolls sideways and nothing a user needs is off-screen. */
test.use({ viewport: { width: 390, height: 844 } });

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The element lies within the 390 px of the screen. */
async function expectOnScreen(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
}

test('the report view fits 390 px: back link, name and the BI view, no sideways scroll', async ({
  page,
  request,
}, testInfo) => {
  const customer = await createNsbiCustomer(request);
  await signInViaApi(page, customer, '/nsbi');
  await page
    .getByRole('list', { name: 'Dashboards' })
    .getByRole('link', { name: /Executive Summary/ })
    .click();
  const frame = page.frameLocator('iframe[title="Executive Summary"]');
  await expect(frame.getByRole('heading', { name: 'Executive Summary' })).toBeVisible();
  const back = page.getByRole('link', { name: 'NS BI' });
  await expect(back).toHaveText('NS BI');
  await expectOnScreen(page, back);
  await expectOnScreen(page, page.getByRole('button', { name: 'Reload view' }));
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  // The BI page inside reflows too: its widest box fits the frame.
  const inner = await frame.locator('body').evaluate((body) => body.scrollWidth);
  expect(inner).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('report-view-390.png') });
});

test('the users table keeps each row’s actions on screen at 390 px', async ({ page }, testInfo) => {
  await signInViaApi(page, ADMIN, '/admin/users');
  const row = page.getByRole('row', { name: /Administrator|admin@example\.com/ }).first();
  await expect(row).toBeVisible();
  await expectOnScreen(page, page.getByRole('columnheader', { name: 'Actions' }));
  await expectOnScreen(page, row.getByRole('link', { name: 'Edit' }));
  await expectOnScreen(page, row.getByRole('link', { name: 'Settings' }));
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('users-390.png') });
});

test('a folder in mobile-app mode has its title and a way back', async ({ page, request }, testInfo) => {
  const customer = await createNsbiCustomer(request);
  await signInViaApi(page, customer, '/login?target=mobile-app');
  await page.goto('/nsbi');
  await page
    .getByRole('list', { name: 'Folders' })
    .getByRole('link', { name: /^Operations folder/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('mobile-folder-390.png') });
  await page.getByRole('link', { name: 'NS BI' }).click();
  await expect(page).toHaveURL(/\/nsbi$/);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});
