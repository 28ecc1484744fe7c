import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  API_PREFIX,
  BULK_MESSAGES,
  LOGO_HEIGHT,
  MESSAGES,
  ROLE_IDS,
  USER_ADMIN_MESSAGES,
  VALIDATION,
  required,
} from '@portal/contract';
import { ADMIN, BASE_URL, signInViaApi } from './fixtures';
import { LOGO_FIXTURE, apiSignIn, createCustomerViaApi, uniqueStamp } from './support/users';

const PASSWORD = 'secret12';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: /^Search/ });
const userRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

/** Searches the list and waits until the URL and the table show that search. */
async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(text)}`));
}

async function fillNewUser(dialog: Locator, user: { name: string; email: string; company: string }) {
  await dialog.getByLabel(/^Full name/).fill(user.name);
  await dialog.getByLabel(/^Email/).fill(user.email);
  await dialog.getByLabel(/^Password/).fill(PASSWORD);
  await dialog.getByLabel(/^Confirm password/).fill(PASSWORD);
  await dialog.getByLabel('Primary phone number').fill('5551234567');
  await dialog.getByLabel('Company name').fill(user.company);
}

test.describe('users administration', () => {
  test('an admin creates, finds, edits, brands, blocks, restores, deletes and re-creates a user', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const stamp = uniqueStamp();
    const created = {
      name: `E2E User ${stamp}`,
      email: `e2e-${stamp}@example.com`,
      company: `Zeta ${stamp}`,
    };
    const edited = `E2E Edited ${stamp}`;

    await signInViaApi(page, undefined, '/admin/users');
    await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();

    await test.step('create a user, after a validation error', async () => {
      await page.getByRole('link', { name: 'Add New' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create User' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText(required('Full name'))).toBeVisible();
      await expect(dialog.getByText(required('Password'), { exact: true })).toBeVisible();
      await fillNewUser(dialog, created);
      const save = (await dialog.getByRole('button', { name: 'Save' }).boundingBox())!;
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, MESSAGES.userCreated)).toBeVisible();
      await expect(dialog).toBeHidden();
      // The toast is not where the pointer that pressed Save still is, so it goes by itself (3 s).
      const pointer = { x: save.x + save.width / 2, y: save.y + save.height / 2 };
      const box = (await toast(page, MESSAGES.userCreated).boundingBox())!;
      const underPointer =
        pointer.x >= box.x &&
        pointer.x <= box.x + box.width &&
        pointer.y >= box.y &&
        pointer.y <= box.y + box.height;
      expect(underPointer, 'the toast lies under the pointer').toBe(false);
      await expect(toast(page, MESSAGES.userCreated)).toBeHidden({ timeout: 10_000 });
      // The new user is in sight: the list searches for them and marks the row.
      await expect(page).toHaveURL(/\/admin\/users\?search=/);
      await expect(userRow(page, created.email)).toHaveAttribute('data-created', 'true');
    });

    await test.step('find it by search', async () => {
      await search(page, stamp);
      await expect(userRow(page, created.email)).toBeVisible();
      await expect(page.getByRole('row')).toHaveCount(2); // header + the one match
    });

    await test.step('sort by name', async () => {
      await searchBox(page).clear();
      await expect(page).not.toHaveURL(/search=/);
      const nameHeader = page.getByRole('columnheader', { name: /Name/ });
      const asc = page.waitForResponse(
        (r) => r.url().includes(`${API_PREFIX}/users?`) && r.url().includes('sortColumn=name'),
      );
      await nameHeader.getByRole('button').click();
      await asc;
      await expect(page).toHaveURL(/sortColumn=name/);
      await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
      await nameHeader.getByRole('button').click();
      await expect(page).toHaveURL(/sortDirection=desc/);
      await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    });

    await test.step('change the page size', async () => {
      await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
      await expect(page).toHaveURL(/paginate=10/);
      await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
      // The table follows the URL a moment later: wait for it (other journeys add users too).
      await expect.poll(() => page.getByRole('row').count()).toBeLessThanOrEqual(11);
      // The state lives in the URL: a reload keeps it.
      await page.reload();
      await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
      await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
    });

    await test.step('edit it', async () => {
      await search(page, stamp);
      await userRow(page, created.email).getByRole('link', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit User' });
      await expect(dialog.getByLabel(/^Full name/)).toHaveValue(created.name);
      await dialog.getByLabel(/^Full name/).fill(edited);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, MESSAGES.userUpdated)).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(userRow(page, created.email)).toContainText(edited);
    });

    await test.step('upload and remove its logo', async () => {
      await userRow(page, created.email).getByRole('button', { name: 'Change Logo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change Logo' });
      await dialog.locator('input[type="file"]').setInputFiles(LOGO_FIXTURE);
      await expect(dialog.getByRole('img', { name: 'Preview of the chosen logo' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await expect(toast(page, MESSAGES.logoSaved)).toBeVisible();
      const current = dialog.getByRole('img', { name: `Current logo of ${edited}` });
      await expect(current).toBeVisible();
      // The stored logo is served back as an image.
      await expect
        .poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);

      await dialog.getByRole('button', { name: 'Delete logo' }).click();
      await expect(toast(page, MESSAGES.logoDeleted)).toBeVisible();
      await expect(dialog.getByText('No logo yet.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('delete & block it', async () => {
      await userRow(page, created.email).getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(`Are you sure you want to delete ${edited}?`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Delete & Block' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(MESSAGES.noRecords)).toBeVisible();
    });

    await test.step('see it under Blocked Users and restore it', async () => {
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Blocked Users' })
        .click();
      await expect(page.getByRole('heading', { name: 'Blocked Users' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add New' })).toHaveCount(0);
      await search(page, stamp);
      const row = userRow(page, created.email);
      await expect(row).toBeVisible();
      await row.getByRole('button', { name: /Restore/ }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(`Are you sure you want to restore ${edited}?`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Restore' }).click();
      await expect(row).toBeHidden();
    });

    await test.step('delete it for good and create it again with the same email', async () => {
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'All Users' })
        .click();
      await expect(page.getByRole('heading', { name: 'Users', exact: true })).toBeVisible();
      await search(page, stamp);
      await userRow(page, created.email).getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(MESSAGES.noRecords)).toBeVisible();

      await page.getByRole('link', { name: 'Add New' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create User' });
      await fillNewUser(dialog, created);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      await expect(userRow(page, created.email)).toContainText(created.name);
    });
  });

  test('a customer gets the 403 page on /admin/users and a 403 from the users API', async ({
    page,
    request,
  }) => {
    const customer = await createCustomerViaApi(request);
    await signInViaApi(page, customer, '/admin/users');
    await expect(page).toHaveURL(/\/403$/);
    await expect(page.getByText(MESSAGES.forbiddenPage)).toBeVisible();

    const session = await apiSignIn(request, customer);
    const response = await request.get(`${BASE_URL}${API_PREFIX}/users`, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(response.status()).toBe(403);
  });

  test('your own logo, set from the user menu, replaces the product logo in the header', async ({
    page,
    request,
  }) => {
    const customer = await createCustomerViaApi(request);
    await signInViaApi(page, customer, '/');
    const header = page.getByRole('banner');
    await expect(header.getByTestId('logo-default')).toBeVisible();

    await header.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Change Logo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Logo' });
    await dialog.locator('input[type="file"]').setInputFiles(LOGO_FIXTURE);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(toast(page, MESSAGES.logoSaved)).toBeVisible();

    const logo = header.getByTestId('logo-user');
    await expect(logo).toBeVisible();
    expect((await logo.boundingBox())?.height).toBe(LOGO_HEIGHT);
    // Kept across a reload: the stored user was re-read from auth/me.
    await page.reload();
    await expect(header.getByTestId('logo-user')).toBeVisible();

    await header.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Change Logo' }).click();
    await dialog.getByRole('button', { name: 'Delete logo' }).click();
    await expect(toast(page, MESSAGES.logoDeleted)).toBeVisible();
    await expect(header.getByTestId('logo-default')).toBeVisible();
  });

  test('the users screens have no critical or serious accessibility violations', async ({
    page,
    request,
  }) => {
    // Seven full axe scans (list, modals, settings, profile), each a few seconds on a 2-core machine.
    test.setTimeout(120_000);
    const check = async () => {
      // Axe measures contrast as painted: let modal transitions (fading text) finish first.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const { violations } = await new AxeBuilder({ page }).analyze();
      return violations
        .filter((v) => v.impact === 'critical' || v.impact === 'serious')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    const customer = await createCustomerViaApi(request);
    await signInViaApi(page, undefined, '/admin/users');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    expect(await check()).toEqual([]);

    await search(page, customer.email);
    await userRow(page, customer.email).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog')
      .getByRole('checkbox', { name: 'Also delete from NSBI (if exists)' })
      .check();
    expect(await check()).toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await userRow(page, customer.email).getByRole('button', { name: 'Change Logo' }).click();
    await page
      .getByRole('dialog', { name: 'Change Logo' })
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not an image'),
      });
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    expect(await check()).toEqual([]);
    await page.goto('/admin/users');

    await page.getByRole('link', { name: 'Add New' }).click();
    await page.getByRole('dialog', { name: 'Create User' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(required('Full name'))).toBeVisible();
    expect(await check()).toEqual([]);

    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: /^Settings - / })).toBeVisible();
    expect(await check()).toEqual([]);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Details' })).toBeVisible();
    expect(await check()).toEqual([]);
  });

  test("changes to other admins and bulk blocks ask for the admin's own password", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const stamp = uniqueStamp();
    const admin = await apiSignIn(request);
    const other = `E2E Other Admin ${stamp}`;
    const made = await request.post(`${BASE_URL}${API_PREFIX}/users`, {
      headers: { Authorization: `Bearer ${admin.access_token}` },
      data: {
        name: other,
        email: `e2e-admin-${stamp}@example.com`,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        role_id: ROLE_IDS.admin,
        current_password: ADMIN.password,
      },
    });
    expect(made.status()).toBe(201);
    await createCustomerViaApi(request, `${stamp}a`);
    await createCustomerViaApi(request, `${stamp}b`);

    await signInViaApi(page, undefined, '/admin/users');
    await search(page, stamp);
    await expect(userRow(page, `E2E Customer ${stamp}b`)).toBeVisible();

    await test.step('a bulk block asks for the password, says a wrong one, then runs as a job', async () => {
      for (const name of [`E2E Customer ${stamp}a`, `E2E Customer ${stamp}b`])
        await page.getByRole('checkbox', { name: `Select ${name}` }).click();
      const bar = page.getByRole('region', { name: 'Bulk actions' });
      await bar.getByRole('combobox', { name: 'Bulk action' }).click();
      await page.getByRole('option', { name: 'Block' }).click();
      await bar.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('dialog', { name: 'Block' }).getByRole('button', { name: 'Block 2' }).click();
      const asked = page.getByRole('dialog', { name: 'Confirm with your password' });
      await expect(asked.getByText(USER_ADMIN_MESSAGES.stepUpWhy)).toBeVisible();
      await asked.getByLabel('Current password').fill('not-my-password');
      await asked.getByRole('button', { name: 'Confirm' }).click();
      await expect(asked.getByText(VALIDATION.currentPasswordWrong)).toBeVisible();
      await asked.getByLabel('Current password').fill(ADMIN.password);
      await asked.getByRole('button', { name: 'Confirm' }).click();
      await expect(toast(page, BULK_MESSAGES.done(2, 2))).toBeVisible();
      await expect(userRow(page, `E2E Customer ${stamp}a`)).toBeHidden();
      await expect(userRow(page, other)).toBeVisible();
    });

    await test.step('deleting another admin asks for the password; cancel changes nothing', async () => {
      await userRow(page, other).getByRole('button', { name: 'Delete' }).click();
      await page
        .getByRole('dialog', { name: 'Delete user' })
        .getByRole('button', { name: 'Delete & Block' })
        .click();
      const asked = page.getByRole('dialog', { name: 'Confirm with your password' });
      await expect(asked).toBeVisible();
      await asked.getByRole('button', { name: 'Cancel' }).click();
      await expect(asked).toBeHidden();
      await page.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Cancel' }).click();
      await expect(userRow(page, other)).toBeVisible();
    });
  });
});
