import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { META_KEYS, MESSAGES, VALIDATION, type User } from '@portal/contract';
import { buildUser } from '../../test/builders';
import { json, mockApi, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { renderApp, signIn, wireApiHooks } from '../../test/render';

const casey = buildUser({ id: 7, name: 'Casey Customer' });
const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin' });

function renderSettings(
  me: User,
  extra: Record<string, MockHandler | MockReply> = {},
  state?: { user: User },
) {
  signIn(me);
  const http = mockApi({
    'GET auth/me': { body: { data: me } },
    'GET system-settings': { body: { data: [{ key: 'maintenance_mode', value: '0' }] } },
    ...extra,
  });
  renderApp({ pathname: '/settings', state });
  return http;
}

const heading = (name: string) => screen.findByRole('heading', { name }, { timeout: 5000 });

describe('Settings', () => {
  it("shows a customer their own toggles, without 'Uses NSBI' or Admin Settings", async () => {
    renderSettings(casey, {}, { user: admin });
    expect(await heading('Settings - Casey Customer')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Two Factor Authentication' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Limit to Single Session' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Uses NSBI' })).not.toBeInTheDocument();
    expect(screen.queryByText('Admin Settings')).not.toBeInTheDocument();
  });

  it('saves a toggle at once, says Saved and re-reads your stored user', async () => {
    const http = renderSettings(casey, {
      'POST meta/user': { body: { data: [{ key: META_KEYS.twoFactor, value: '1' }] } },
    });
    await heading('Settings - Casey Customer');
    const user = userEvent.setup();
    const twoFactor = screen.getByRole('switch', { name: 'Two Factor Authentication' });
    await user.click(twoFactor);
    expect(twoFactor).toBeChecked();
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(http.calls('POST meta/user')[0]?.body).toEqual({
      user_id: 7,
      meta: [{ key: META_KEYS.twoFactor, value: '1' }],
    });
    // Once by the session guard on load, once more after the change.
    await waitFor(() => expect(http.calls('GET auth/me').length).toBeGreaterThanOrEqual(2));
  });

  it('asks for your current password before turning your own two-factor off, and shows a wrong one in the dialog', async () => {
    const on = buildUser({ id: 7, name: 'Casey Customer', meta: [{ key: META_KEYS.twoFactor, value: '1' }] });
    let calls = 0;
    const http = renderSettings(on, {
      'POST meta/user': () =>
        ++calls === 1
          ? json(422, {
              message: MESSAGES.validationFailed,
              errors: { current_password: [VALIDATION.currentPasswordWrong] },
            })
          : { body: { data: [{ key: META_KEYS.twoFactor, value: '0' }] } },
    });
    await heading('Settings - Casey Customer');
    const user = userEvent.setup();
    const twoFactor = screen.getByRole('switch', { name: 'Two Factor Authentication' });
    await user.click(twoFactor);
    const dialog = await screen.findByRole('dialog', { name: 'Turn off Two Factor Authentication' });
    expect(http.calls('POST meta/user')).toHaveLength(0);
    const field = within(dialog).getByLabelText(/^Current password/);
    // Empty: the contract's rule says so at once, with the server's words, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(field).toHaveAccessibleDescription(VALIDATION.currentPasswordRequired);
    expect(http.calls('POST meta/user')).toHaveLength(0);

    await user.type(field, 'wrong-one');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(VALIDATION.currentPasswordWrong)).toBeInTheDocument();
    // Under the field (applyServerErrors), where the person types the next try.
    expect(field).toHaveAccessibleDescription(VALIDATION.currentPasswordWrong);
    expect(field).toHaveFocus();
    expect(twoFactor).toBeChecked();

    await user.clear(field);
    await user.type(field, 'right-one');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(twoFactor).not.toBeChecked());
    expect(http.calls('POST meta/user')[1]?.body).toEqual({
      user_id: 7,
      meta: [{ key: META_KEYS.twoFactor, value: '0' }],
      current_password: 'right-one',
    });
  });

  it("rolls the switch back with 'Oops! Could not save the settings.' when saving fails", async () => {
    renderSettings(casey, { 'POST meta/user': json(422, { message: 'Nope', errors: { meta: ['Nope'] } }) });
    await heading('Settings - Casey Customer');
    const user = userEvent.setup();
    const single = screen.getByRole('switch', { name: 'Limit to Single Session' });
    await user.click(single);
    expect(await screen.findByText(MESSAGES.settingsSaveFailed)).toBeInTheDocument();
    expect(single).not.toBeChecked();
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('one failure, one toast: a 500 on save shows only the Oops! message', async () => {
    // The app's global answer to a 5xx (main.tsx wires it): a red toast with the server's message.
    const unwire = wireApiHooks({ navigate: vi.fn(), currentLocation: () => null });
    try {
      renderSettings(casey, { 'POST meta/user': json(500, { message: 'Server Error' }) });
      await heading('Settings - Casey Customer');
      await userEvent.setup().click(screen.getByRole('switch', { name: 'Two Factor Authentication' }));
      expect(await screen.findByText(MESSAGES.settingsSaveFailed)).toBeInTheDocument();
      // The global toast would come in the same tick as the response: give it time to show.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryByText('Server Error')).not.toBeInTheDocument();
    } finally {
      unwire();
    }
  });

  it("lets an admin set another user's flags, 'Uses NSBI' included", async () => {
    const other = buildUser({ id: 7, name: 'Casey Customer', nsbi: true });
    const http = renderSettings(
      admin,
      {
        'POST meta/user': { body: { data: [{ key: META_KEYS.nsbiEnabled, value: '0' }] } },
        'GET users/7': { body: { data: other } },
      },
      { user: other },
    );
    expect(await heading('Settings - Casey Customer')).toBeInTheDocument();
    const nsbi = screen.getByRole('switch', { name: 'Uses NSBI' });
    expect(nsbi).toBeChecked();
    await userEvent.setup().click(nsbi);
    await screen.findByText('Saved');
    expect(http.calls('POST meta/user')[0]?.body).toEqual({
      user_id: 7,
      meta: [{ key: META_KEYS.nsbiEnabled, value: '0' }],
    });
  });

  it('switching Uses NSBI on saves once (the server makes the BI account); its failure is said', async () => {
    const other = buildUser({ id: 7, name: 'Casey Customer', nsbi: false });
    let biAccount: string | undefined = 'ready';
    const http = renderSettings(
      admin,
      {
        'POST meta/user': () => ({
          body: { data: [{ key: META_KEYS.nsbiEnabled, value: '1' }], bi_account: biAccount },
        }),
        'GET users/7': { body: { data: other } },
      },
      { user: other },
    );
    const nsbi = await screen.findByRole('switch', { name: 'Uses NSBI' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(nsbi);
    await screen.findByText('Saved');
    // One call, and no separate dundas-bi/account request (it answered 409 after every toggle).
    expect(http.calls('POST meta/user')).toHaveLength(1);
    expect(http.calls('POST dundas-bi/account')).toHaveLength(0);
    expect(screen.queryByText(MESSAGES.biAccountFailed)).not.toBeInTheDocument();

    biAccount = undefined; // turning it off leaves the BI server alone
    await user.click(nsbi);
    await waitFor(() => expect(http.calls('POST meta/user')).toHaveLength(2));
    biAccount = 'failed';
    await user.click(nsbi);
    expect(await screen.findByText(MESSAGES.biAccountFailed)).toBeInTheDocument();
    expect(http.calls('POST dundas-bi/account')).toHaveLength(0);
  });

  it('reads the user fresh on /admin/users/{id}/settings, whatever navigation state says', async () => {
    signIn(admin);
    const stale = buildUser({ id: 7, name: 'Casey Customer', nsbi: false });
    const stored = buildUser({ id: 7, name: 'Casey Customer', nsbi: true });
    const http = mockApi({
      'GET auth/me': { body: { data: admin } },
      'GET system-settings': { body: { data: [{ key: 'maintenance_mode', value: '0' }] } },
      'GET users/7': { body: { data: stored } },
    });
    renderApp({ pathname: '/admin/users/7/settings', state: { user: stale } });
    expect(await heading('Settings - Casey Customer')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Uses NSBI' })).toBeChecked();
    expect(http.calls('GET users/7')).toHaveLength(1);
  });

  it('gives admins NSBI Maintenance Mode, saved through system-settings/save-many', async () => {
    const http = renderSettings(admin, {
      'POST system-settings/save-many': { body: { data: [{ key: 'maintenance_mode', value: '1' }] } },
    });
    await heading('Settings - Ada Admin');
    const card = screen.getByRole('region', { name: 'Admin Settings' });
    const maintenance = within(card).getByRole('switch', { name: /NSBI Maintenance Mode/ });
    await waitFor(() => expect(maintenance).toBeEnabled());
    await userEvent.setup().click(maintenance);
    expect(await within(card).findByText('Saved')).toBeInTheDocument();
    expect(http.calls('POST system-settings/save-many')[0]?.body).toEqual([
      { key: 'maintenance_mode', value: '1' },
    ]);
  });

  it('rolls NSBI Maintenance Mode back when it cannot be saved', async () => {
    renderSettings(admin, { 'POST system-settings/save-many': json(403, { message: 'Forbidden' }) });
    await heading('Settings - Ada Admin');
    const maintenance = screen.getByRole('switch', { name: /NSBI Maintenance Mode/ });
    await waitFor(() => expect(maintenance).toBeEnabled());
    await userEvent.setup().click(maintenance);
    expect(await screen.findByText(MESSAGES.settingsSaveFailed)).toBeInTheDocument();
    await waitFor(() => expect(maintenance).not.toBeChecked());
  });

  it("opens another user's settings by id for an admin; a failed read offers a retry, an unknown id the not-found page", async () => {
    signIn(admin);
    let fail = true;
    mockApi({
      'GET auth/me': { body: { data: admin } },
      'GET system-settings': { body: { data: [{ key: 'maintenance_mode', value: '0' }] } },
      'GET users/7': () => (fail ? { status: 502, body: { message: 'Down' } } : { body: { data: casey } }),
      'GET users/404': { status: 404, body: { message: MESSAGES.notFound } },
    });
    const { router } = renderApp('/admin/users/7/settings');
    expect(await screen.findByText(MESSAGES.dataFetchFailed, {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await heading('Settings - Casey Customer')).toBeInTheDocument();

    await router.navigate('/admin/users/404/settings');
    expect(await screen.findByText(MESSAGES.notFoundPage, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
