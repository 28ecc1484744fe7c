import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN, signInViaApi } from './fixtures';
import { createNsbiCustomer } from './support/nsbi';

/** At 390 px wide nothing scrolls sideways and nothing a user needs is off-screen. */
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

test('the users table shows name and email at rest at 390 px, actions in one menu', async ({
  page,
}, testInfo) => {
  await signInViaApi(page, ADMIN, '/admin/users');
  const row = page.getByRole('row', { name: /admin@example\.com/ }).first();
  await expect(row).toBeVisible();
  await expectReadable(page, row, ['Name']);
  // Name and email together, in the cell that lies wholly on screen.
  await expect(row.getByText('admin@example.com')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('users-390.png') });
  await row.getByRole('button', { name: /^Actions for / }).click();
  const menu = page.getByRole('menu');
  for (const action of ['Edit', 'Change Logo', 'Activity', 'Settings']) {
    await expectOnScreen(page, menu.getByRole('menuitem', { name: action }));
  }
  await menu.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit User' })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});

/**
 * Every table of the product at 390 px: the columns that say what a row is lie on screen, whole,
 * and nothing pinned (the actions column) covers them, without a sideways swipe.
 */
const TABLES: Array<{ path: string; table: string; columns: string[] }> = [
  { path: '/admin/users?blocked=1', table: 'Blocked users', columns: ['Name'] },
  { path: '/admin/users/dundas-reports', table: 'NSBI users and their dashboards', columns: ['ID', 'Name'] },
  { path: '/admin/audit-log', table: 'Audit log entries', columns: ['When', 'Who'] },
  { path: '/admin/usage', table: 'Clicks per day', columns: ['Day', 'NS BI'] },
  { path: '/admin/mail-outbox', table: 'Mails', columns: ['To', 'Subject'] },
  { path: '/admin/sms-outbox', table: 'Texts', columns: ['To', 'Message'] },
];

for (const { path, table, columns } of TABLES) {
  test(`${table}: the identifying columns are readable at 390 px`, async ({ page }, testInfo) => {
    await signInViaApi(page, ADMIN, path);
    const grid = page.getByRole('table', { name: table });
    await expect(grid).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`${path.replace(/\W+/g, '-')}-390.png`) });
    const row = grid.getByRole('row').nth(1);
    if (columns.length > 0 && (await row.getByRole('cell').count()) > 1)
      await expectReadable(page, row, columns);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  });
}

test('the Profile sessions fit 390 px without a sideways scroll', async ({ page }, testInfo) => {
  await signInViaApi(page, ADMIN, '/profile');
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByText('This device')).toBeVisible();
  const item = sessions.getByRole('listitem').first();
  await expectOnScreen(page, item);
  expect(await item.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('profile-sessions-390.png'), fullPage: true });
});

/**
 * The row's cells under these headers are on screen, whole, and no pinned cell of the row lies
 * over them (a sticky actions column once covered name and email: only ids were readable).
 */
async function expectReadable(page: Page, row: Locator, headers: string[]) {
  const table = row.locator('xpath=ancestor::table[1]');
  const names = await table.getByRole('columnheader').allInnerTexts();
  const pinned = await row
    .locator('td')
    .evaluateAll((cells) =>
      cells
        .filter((cell) => getComputedStyle(cell).position === 'sticky')
        .map((cell) => cell.getBoundingClientRect().left),
    );
  for (const header of headers) {
    const index = names.findIndex((name) => name.trim().startsWith(header));
    expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
    const cell = row.locator('td').nth(index);
    await expectOnScreen(page, cell);
    const box = (await cell.boundingBox())!;
    for (const left of pinned)
      expect(box.x + box.width, `${header} under a pinned column`).toBeLessThanOrEqual(left + 1);
  }
}

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
