import { expect, test } from '@playwright/test';
import { MESSAGES } from '@portal/contract';
import { ADMIN, signInViaApi } from './fixtures';
import { createUserWithFlags, securityCodeOf, waitForMail } from './support/account-security';

// Without SMS_URL the server texts through its own SMS simulator (/sim/sms); admins read what it
// holds on the SMS Outbox screen (docs/decisions/0037-security-codes-by-sms.md).
test('two-factor sign-in with the security code texted to the primary phone, read on the SMS Outbox', async ({
  page,
  browser,
  request,
}) => {
  const phone = `202555${String(Date.now() % 10_000).padStart(4, '0')}`;
  const user = await createUserWithFlags(request, { twoFactor: true, primaryPhone: phone });
  await page.goto('/login');
  await page.getByLabel('Email or Username').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(MESSAGES.securityCodeSentToEmailAndPhone(phone.slice(-2)))).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await signInViaApi(admin, ADMIN, '/');
  await admin.getByRole('link', { name: 'SMS Outbox' }).click();
  await expect(admin.getByRole('heading', { name: 'SMS Outbox' })).toBeVisible();
  const row = admin
    .getByRole('table', { name: 'Texts' })
    .getByRole('row')
    .filter({ hasText: `+1${phone}` });
  await expect(row).toHaveCount(1);
  const texted = /security code: (\d{6})\./.exec(await row.innerText())?.[1] ?? '';
  expect(texted).toMatch(/^\d{6}$/);
  // The same code went by mail.
  expect(securityCodeOf(await waitForMail(request, user.email))).toBe(texted);

  await page.getByRole('textbox', { name: 'Security code' }).fill(texted);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
});
