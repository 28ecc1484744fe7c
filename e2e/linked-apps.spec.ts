import { expect, test, type Page } from '@playwright/test';
import { API_PREFIX, LINKED_APP_MESSAGES, MESSAGES } from '@portal/contract';
import { signInViaApi } from './fixtures';
import { simulatorAccounts } from './support/linked-apps';
import { createCustomerViaApi } from './support/users';

const unlinkedText = (app: string) => MESSAGES.appUnlinked(app);

async function fillLinkModal(page: Page, app: string, username: string, password: string) {
  const modal = page.getByRole('dialog', { name: app });
  await expect(modal).toBeVisible();
  await modal.getByRole('textbox', { name: app === 'Live Dispatch' ? 'Username' : 'Email' }).fill(username);
  await modal.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await modal.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test.describe('Linked apps', () => {
  test('link Live Dispatch from its card, see it on the Profile, unlink it', async ({
    page,
    request,
  }, testInfo) => {
    const { ldLink } = simulatorAccounts(testInfo);
    await signInViaApi(page, await createCustomerViaApi(request));
    await page.getByRole('button', { name: unlinkedText('Live Dispatch') }).click();
    const modal = page.getByRole('dialog', { name: 'Live Dispatch' });
    await expect(modal.getByRole('link', { name: 'Forgot Password' })).toHaveCount(0);

    await fillLinkModal(page, 'Live Dispatch', ldLink.username, 'not-the-password');
    await expect(modal.getByRole('alert')).toHaveText('Invalid username or password.');
    await modal.getByRole('textbox', { name: 'Password', exact: true }).fill(ldLink.password);
    await modal.getByRole('button', { name: 'Sign In', exact: true }).click();

    // The page reloads; the card now opens Live Dispatch (the simulator's page by default).
    const card = page.getByRole('link', { name: 'Live Dispatch' });
    await expect(card).toContainText(`linked as ${ldLink.username}`);
    await expect(card).toHaveAttribute('href', /\/sim\/ld\/$/);
    await page.screenshot({ path: testInfo.outputPath('applications-ld-linked.png') });

    await page.goto('/profile');
    const linked = page.getByRole('group', { name: 'Live Dispatch' });
    await expect(linked).toContainText(`Username: ${ldLink.username}`);
    await expect(linked).toContainText('Branch: Durban');
    await expect(linked).toContainText('Client: E2E Logistics');
    await page.getByRole('button', { name: 'Unlink Live Dispatch' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(LINKED_APP_MESSAGES.unlinkConfirm('Live Dispatch'));
    await confirm.getByRole('button', { name: 'Unlink' }).click();
    await expect(page.getByText(LINKED_APP_MESSAGES.noLinkedApps)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('profile-unlinked.png') });

    await page.goto('/');
    await expect(page.getByRole('button', { name: unlinkedText('Live Dispatch') })).toBeVisible();
  });

  test('link Tattle Systems; when TS ends the session, the card offers the login modal again', async ({
    page,
    request,
  }, testInfo) => {
    const { tsLink } = simulatorAccounts(testInfo);
    await signInViaApi(page, await createCustomerViaApi(request));
    await page.getByRole('button', { name: unlinkedText('Tattle Systems') }).click();
    await fillLinkModal(page, 'Tattle Systems', tsLink.email, tsLink.password);
    const card = page.getByRole('button', { name: 'Tattle Systems' });
    await expect(card).toContainText(`linked as ${tsLink.username}`);

    // Tattle Systems ends the session (30 minutes idle, or at will in its simulator).
    const expired = await request.post('/sim/ts/_sim/expire-sessions', { data: { email: tsLink.email } });
    expect(((await expired.json()) as { ended: number }).ended).toBeGreaterThan(0);

    await card.click();
    await expect(page.getByRole('dialog', { name: 'Tattle Systems' })).toBeVisible();
    await expect(page.getByRole('button', { name: unlinkedText('Tattle Systems') })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('ts-session-ended.png') });

    // Linking again, then the card opens Tattle Systems.
    await fillLinkModal(page, 'Tattle Systems', tsLink.email, tsLink.password);
    await page.getByRole('button', { name: 'Tattle Systems' }).click();
    await expect(page).toHaveURL(/\/sim\/ts\/$/);
    await expect(page.getByRole('heading', { name: 'Tattle Systems' })).toBeVisible();
  });

  test('sign in with Live Dispatch credentials: a new portal user, and the same one next time', async ({
    page,
  }, testInfo) => {
    const { ldSignIn } = simulatorAccounts(testInfo);
    const signInWithLd = async () => {
      await page.goto('/login');
      await page.getByLabel('Email or Username').fill(ldSignIn.username);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ldSignIn.password);
      const answer = page.waitForResponse((r) => r.url().endsWith(`${API_PREFIX}/auth/login`));
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      const response = await answer;
      await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
      return {
        status: response.status(),
        userId: ((await response.json()) as { data: { user: { id: number } } }).data.user.id,
      };
    };

    const first = await signInWithLd();
    expect(first.status).toBe(201);
    await expect(page.getByText(`Welcome back, ${ldSignIn.name}.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Live Dispatch' })).toContainText(
      `linked as ${ldSignIn.username}`,
    );
    await page.screenshot({ path: testInfo.outputPath('ld-sign-in-new-user.png') });

    await page.goto('/logout');
    await expect(page.getByRole('heading', { name: 'Sign In', exact: true })).toBeVisible();
    const second = await signInWithLd();
    expect(second.status).toBe(200);
    expect(second.userId).toBe(first.userId);
  });

  test('hand-off from Live Dispatch: /ext-login drops the token from the address bar and lands on the dashboard', async ({
    page,
  }, testInfo) => {
    const { ldHandOff } = simulatorAccounts(testInfo);
    await page.goto('/sim/ld/');
    await expect(page.getByRole('heading', { name: 'Go to the Customer Portal' })).toBeVisible();
    await page.getByLabel('Username').fill(ldHandOff.username);
    await page.getByLabel('Password').fill(ldHandOff.password);

    // Hold the exchange, to look at the address bar while the portal is still on /ext-login.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let exchanged: string | null = null;
    await page.route(`**${API_PREFIX}/auth/external-login*`, async (route) => {
      exchanged = new URL(route.request().url()).searchParams.get('token');
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Open the Customer Portal' }).click();
    await expect(page.getByText(MESSAGES.pleaseWait)).toBeVisible();
    await expect.poll(() => exchanged).toBeTruthy();
    expect(new URL(page.url()).pathname).toBe('/ext-login');
    expect(page.url()).not.toContain('token');
    release();

    await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
    await expect(page.getByText(`Welcome back, ${ldHandOff.name}.`)).toBeVisible();
    expect(page.url()).not.toContain('token');
    await page.screenshot({ path: testInfo.outputPath('after-hand-off.png') });

    // The token was single use: the same hand-off again is refused.
    const replay = await page.request.get(
      `${API_PREFIX}/auth/external-login?token=${encodeURIComponent(exchanged!)}`,
    );
    expect(replay.status()).toBe(401);
  });
});
