import { expect, test, type APIRequestContext, type CDPSession, type Page } from '@playwright/test';
import { API_PREFIX, META_KEYS, PASSKEY_MESSAGES } from '@portal/contract';
import { BASE_URL, E2E_PORT, signInViaApi } from './fixtures';
import { createUserWithFlags } from './support/account-security';
import { apiSignIn } from './support/users';

/**
 * Passkeys with Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain): a
 * platform authenticator with user verification, answering by itself. The server's APP_URL names
 * 127.0.0.1, which WebAuthn does not take as a relying party: the journey runs on localhost, the
 * relying party the server derives for a loopback APP_URL (docs/decisions/0042-passkeys.md).
 */
const LOCAL = `http://localhost:${E2E_PORT}`;

async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

/** Two-factor on for the user (the admin's POST meta/user): a password then needs the mailed code. */
async function turnTwoFactorOn(request: APIRequestContext, userId: number) {
  const admin = await apiSignIn(request);
  const saved = await request.post(`${BASE_URL}${API_PREFIX}/meta/user`, {
    headers: { Authorization: `Bearer ${admin.access_token}` },
    data: { user_id: userId, meta: [{ key: META_KEYS.twoFactor, value: '1' }] },
  });
  expect(saved.ok()).toBe(true);
}

async function signOut(page: Page) {
  await page.goto(`${LOCAL}/logout`);
  await expect(page).toHaveURL(/\/login/);
}

test.describe('Passkeys', () => {
  test('add a passkey on My Profile, sign out, sign in with it, remove it', async ({ page, request }) => {
    const user = await createUserWithFlags(request);
    await addVirtualAuthenticator(page);
    await signInViaApi(page, user, '/profile', LOCAL);

    const card = page.getByRole('region', { name: 'Passkeys' });
    await expect(card.getByText(/No passkeys yet/)).toBeVisible();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Name is a required field')).toBeVisible();
    await dialog.getByLabel('Name').fill('Work laptop');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText(PASSKEY_MESSAGES.added)).toBeVisible();
    await expect(card.getByRole('table', { name: 'Passkeys' }).getByText('Work laptop')).toBeVisible();
    await expect(card.getByRole('row', { name: /Work laptop/ }).getByText('Never')).toBeVisible();

    await card.getByRole('button', { name: 'Rename Work laptop' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByLabel('Name').fill('Desk laptop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByText('Desk laptop')).toBeVisible();

    // Two-factor on: a password would need the mailed code; the passkey signs in by itself.
    await turnTwoFactorOn(request, user.id);
    await signOut(page);
    const replayed: { body?: string } = {};
    await page.route('**/auth/passkeys/sign-in', async (route) => {
      replayed.body = route.request().postData() ?? undefined;
      await route.continue();
    });
    await expect(page.getByLabel('Email or Username')).toHaveAttribute('autocomplete', 'username webauthn');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();

    // The same answer again: its challenge was used.
    const again = await request.post(`${BASE_URL}${API_PREFIX}/auth/passkeys/sign-in`, {
      data: JSON.parse(replayed.body!),
    });
    expect(again.status()).toBe(401);
    expect((await again.json()).message).toBe(PASSKEY_MESSAGES.challengeExpired);

    await page.goto(`${LOCAL}/profile`);
    await expect(card.getByRole('row', { name: /Desk laptop/ })).not.toContainText('Never');
    await card.getByRole('button', { name: 'Remove Desk laptop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove passkey' });
    await confirm.getByLabel('Current password').fill('not my password');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(confirm.getByText('The current password is incorrect.')).toBeVisible();
    await confirm.getByLabel('Current password').fill(user.password);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(PASSKEY_MESSAGES.removed)).toBeVisible();
    await expect(card.getByText(/No passkeys yet/)).toBeVisible();

    // The authenticator still holds the passkey; the portal no longer takes it.
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert').filter({ hasText: PASSKEY_MESSAGES.signInFailed })).toBeVisible();
    // The empty username field the button was pressed beside says nothing.
    await expect(page.getByText('Email or Username is a required field')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login/);
  });

  test('another origin than the relying party: the browser refuses, nobody is signed in', async ({
    page,
  }) => {
    await addVirtualAuthenticator(page);
    await page.goto(`${BASE_URL}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toHaveText(PASSKEY_MESSAGES.wrongAddress);
    await expect(page).toHaveURL(/\/login/);
  });
});
