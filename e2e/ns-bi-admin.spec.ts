import { expect, test } from '@playwright/test';
import { MESSAGES, REPORT_ACCESS_MESSAGES, ROLE_IDS } from '@portal/contract';
import { signInViaApi } from './fixtures';
import { createNsbiCustomer } from './support/nsbi';
import { createCustomerViaApi, uniqueStamp } from './support/users';

test.describe('NS BI for admins', () => {
  test('an admin grants two reports and removes one; the customer sees exactly those, as the preview showed', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const customer = await createNsbiCustomer(request);
    await signInViaApi(page, undefined, `/admin/users/${customer.id}/reports`);
    await expect(page.getByRole('heading', { name: `Report access - ${customer.name}` })).toBeVisible();

    // Clear everything, then grant two.
    for (const folder of ['Operations', 'Fuel'])
      await page.getByRole('checkbox', { name: folder, exact: true }).click();
    const safetyAlerts = page.getByRole('checkbox', { name: 'Safety Alerts' });
    const executive = page.getByRole('checkbox', { name: 'Executive Summary' });
    await safetyAlerts.click();
    await executive.click();
    for (const name of ['Fleet Overview', 'Fuel Consumption'])
      await page.getByRole('checkbox', { name }).click();
    await page.getByRole('button', { name: 'Save access' }).click();
    await expect(page.getByText(REPORT_ACCESS_MESSAGES.saved)).toBeVisible();

    // …then remove one of them.
    await page.getByRole('checkbox', { name: 'Fuel Consumption' }).click();
    await page.getByRole('button', { name: 'Save access' }).click();
    await expect(page.getByText(REPORT_ACCESS_MESSAGES.saved).first()).toBeVisible();
    const preview = page.getByRole('region', { name: 'Effective access' });
    const previewed = (await preview.getByRole('navigation', { name: 'All reports' }).innerText())
      .split('\n')
      .filter(Boolean);
    await page.screenshot({ path: testInfo.outputPath('report-access.png'), fullPage: true });

    const context = await browser.newContext();
    const customerPage = await context.newPage();
    await signInViaApi(customerPage, customer, '/nsbi');
    const tree = customerPage.getByRole('navigation', { name: 'All reports' });
    await expect(tree.getByRole('link')).toHaveText(['Fleet Overview']);
    await expect(tree).toContainText('Harsh Braking Events (managed by TS)');
    expect((await tree.innerText()).split('\n').filter(Boolean)).toEqual(previewed);
    await context.close();
  });

  test('NSBI Dashboards searches and pages on the server', async ({ page, request }) => {
    const stamp = uniqueStamp();
    for (let i = 1; i <= 11; i++)
      await createNsbiCustomer(request, { name: `Pager ${stamp} ${String(i).padStart(2, '0')}` });
    await signInViaApi(page, undefined, '/admin/users/dundas-reports');
    await page.getByRole('searchbox', { name: 'Search NSBI users' }).fill(`Pager ${stamp}`);
    await expect(page).toHaveURL(new RegExp(`search=Pager`));
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
    await expect(page.getByRole('row', { name: new RegExp(`Pager ${stamp} 01`) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`Pager ${stamp} 11`) })).toHaveCount(0);
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expect(page.getByRole('row', { name: new RegExp(`Pager ${stamp} 11`) })).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`Pager ${stamp} 11`) })).toContainText(
      'Fleet Overview',
    );
  });

  test('a developer reaches Developer Resources and the specs PDF; a customer gets the forbidden page', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    const developer = await createNsbiCustomer(request, { roleId: ROLE_IDS.developer });
    await signInViaApi(page, developer, '/dev-resources');
    // The page's Hardware tile (the sidebar's Hardware is a link too now).
    await page
      .getByRole('main')
      .getByRole('link', { name: /Hardware/ })
      .click();
    await page
      .getByRole('link', { name: /Gen 3\/Gen4 Specs/ })
      .first()
      .click();
    const frame = page.locator('iframe[title="Gen 3/Gen4 Specs"]');
    await expect(frame).toBeVisible();
    const pdf = await page.request.get((await frame.getAttribute('src'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 8).toString()).toBe('%PDF-1.4');
    await page.waitForTimeout(1000); // the PDF viewer draws inside the frame
    await page.screenshot({ path: testInfo.outputPath('specs.png') });
    await page.goto('/dev-resources/software/api-summary');
    await expect(
      page
        .frameLocator('iframe[title="Tattle Systems API"]')
        .getByRole('heading', { name: 'Tattle Systems API' }),
    ).toBeVisible();

    const context = await browser.newContext();
    const customerPage = await context.newPage();
    await signInViaApi(customerPage, await createCustomerViaApi(request), '/dev-resources');
    await expect(customerPage.getByText(MESSAGES.forbiddenPage)).toBeVisible();
    await context.close();
  });

  test('the usage page draws its charts', async ({ page, request }, testInfo) => {
    const customer = await createNsbiCustomer(request);
    await signInViaApi(page, customer, '/');
    await page.getByRole('link', { name: 'NS BI' }).click();
    await page
      .getByRole('link', { name: /Fleet Overview/ })
      .first()
      .click();
    await expect(page.frameLocator('iframe[title="Fleet Overview"]').locator('svg').first()).toBeVisible();

    await signInViaApi(page, undefined, '/admin/usage');
    const perDay = page.getByRole('region', { name: 'Clicks per day' });
    await expect(perDay.locator('svg:not([aria-hidden="true"])')).toBeVisible();
    await expect(perDay.getByRole('table', { name: 'Clicks per day' }).getByRole('row')).not.toHaveCount(1);
    await expect(
      page.getByRole('region', { name: 'Top reports' }).getByRole('cell', { name: 'Fleet Overview' }),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Top users' }).getByRole('cell', { name: new RegExp(customer.name) }),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('usage.png'), fullPage: true });
  });
});
