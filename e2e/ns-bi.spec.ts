import { expect, test } from '@playwright/test';
import { BI_MESSAGES, MESSAGES } from '@portal/contract';
import { signInViaApi } from './fixtures';
import { createNsbiCustomer, setMaintenance } from './support/nsbi';
import { createCustomerViaApi } from './support/users';

test.describe('NS BI', () => {
  test('a customer with NSBI signs in to Reports, opens a folder and a dashboard drawn by the BI server', async ({
    page,
    request,
  }, testInfo) => {
    const customer = await createNsbiCustomer(request);
    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(customer.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();

    // docs/product.md §4: an NSBI user lands on the reports.
    await expect(page).toHaveURL(/\/nsbi$/);
    const folders = page.getByRole('list', { name: 'Folders' });
    await expect(folders.getByRole('link')).toHaveCount(3);
    const tree = page.getByRole('navigation', { name: 'All reports' });
    await expect(tree.getByText(`Harsh Braking Events ${BI_MESSAGES.managedSuffix}`)).toBeVisible();
    await expect(tree.getByRole('link', { name: /Harsh Braking/ })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath('reports.png'), fullPage: true });

    await folders.getByRole('link', { name: /^Operations folder/ }).click();
    await expect(page.getByRole('heading', { name: 'Operations' })).toBeVisible();
    await page
      .getByRole('list', { name: 'Dashboards' })
      .getByRole('link', { name: /Fleet Overview/ })
      .click();

    await expect(page).toHaveURL(/\/nsbi\/[\w-]+\/view$/);
    const frame = page.frameLocator('iframe[title="Fleet Overview"]');
    await expect(frame.getByRole('heading', { name: 'Fleet Overview' })).toBeVisible();
    await expect(frame.locator('svg[role="img"]')).toHaveCount(3);
    await page.screenshot({ path: testInfo.outputPath('dashboard.png'), fullPage: true });
  });

  test('maintenance mode: the card and the page say so', async ({ page, request }, testInfo) => {
    const customer = await createNsbiCustomer(request);
    await setMaintenance(request, true);
    try {
      await signInViaApi(page, customer, '/');
      const card = page.getByRole('group', { name: 'NS BI' });
      await expect(card).toContainText(MESSAGES.maintenance);
      await expect(card).toHaveAttribute('aria-disabled', 'true');
      await page.goto('/nsbi');
      await expect(page.getByText(MESSAGES.maintenancePage)).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('maintenance.png') });
    } finally {
      await setMaintenance(request, false);
    }
  });

  test('a customer without the NSBI flag gets the forbidden page', async ({ page, request }) => {
    await signInViaApi(page, await createCustomerViaApi(request), '/nsbi');
    await expect(page.getByText(MESSAGES.forbiddenPage)).toBeVisible();
  });
});
