import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { META_KEYS, MESSAGES, ROLE_IDS, VALIDATION, type User } from '@portal/contract';
import { buildUser } from '../../test/builders';
import { json, mockApi, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';
import { UNSAVED_CHANGES } from '../../shared/forms/use-unsaved-changes';

const roles = [
  { id: ROLE_IDS.admin, name: 'Administrator', short_name: 'admin' },
  { id: ROLE_IDS.customer, name: 'Customer', short_name: 'customer' },
];

function renderProfile(me: User, extra: Record<string, MockHandler | MockReply> = {}) {
  signIn(me);
  const http = mockApi({
    'GET auth/me': { body: { data: me } },
    'GET roles/available': { body: { data: roles } },
    ...extra,
  });
  renderApp('/profile');
  return http;
}

function renderProfileWithRouter(me: User) {
  signIn(me);
  mockApi({
    'GET auth/me': { body: { data: me } },
    'GET roles/available': { body: { data: roles } },
    'GET linked-apps': { body: { data: [] } },
  });
  return renderApp('/profile');
}

/** True when the page asked the browser to confirm closing the tab. */
function dispatchBeforeUnload() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const details = async () => screen.findByRole('region', { name: 'Details' }, { timeout: 5000 });

describe('My Profile', () => {
  it('asks before leaving with unsaved changes: Stay keeps them, Leave goes; the tab asks too', async () => {
    const casey = buildUser({ id: 7 });
    const { router } = renderProfileWithRouter(casey);
    const card = await details();
    const user = userEvent.setup();
    // Nothing changed: leaving asks nothing.
    expect(dispatchBeforeUnload()).toBe(false);
    const name = within(card).getByDisplayValue('Casey Customer');
    await user.type(name, ' Jr');
    expect(dispatchBeforeUnload()).toBe(true);

    // A blocked navigation settles only once answered: not awaited here.
    void router.navigate('/dashboard');
    const ask = await screen.findByRole('dialog', { name: UNSAVED_CHANGES.title });
    expect(router.state.location.pathname).toBe('/profile');
    await user.click(within(ask).getByRole('button', { name: UNSAVED_CHANGES.stay }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: UNSAVED_CHANGES.title })).toBeNull());
    expect(within(card).getByDisplayValue('Casey Customer Jr')).toBeInTheDocument();

    void router.navigate('/dashboard');
    await user.click(
      within(await screen.findByRole('dialog', { name: UNSAVED_CHANGES.title })).getByRole('button', {
        name: UNSAVED_CHANGES.leave,
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("saves an admin's own profile with PUT users/{id}, without Notes and with the role locked", async () => {
    const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin', email: 'ada@example.com' });
    const http = renderProfile(admin, {
      'PUT users/1': { body: { data: { ...admin, name: 'Ada A.' }, message: MESSAGES.userUpdated } },
    });
    const card = await details();
    expect(within(card).queryByLabelText(/^Notes/)).not.toBeInTheDocument();
    expect(within(card).getByLabelText(/^Admin notes/)).toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: 'Role' })).toBeDisabled();

    const user = userEvent.setup();
    const name = within(card).getByDisplayValue('Ada Admin');
    await user.clear(name);
    await user.type(name, 'Ada A.');
    await user.click(within(card).getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText(MESSAGES.userUpdated)).toBeInTheDocument();
    expect(http.calls('PUT users/1')[0]?.body).toMatchObject({ name: 'Ada A.', role_id: ROLE_IDS.admin });
    await waitFor(() => expect(http.calls('GET auth/me').length).toBeGreaterThanOrEqual(2));
  });

  it('lets a customer save their own name, company and phone with PUT users/{own id}', async () => {
    const casey = buildUser({ id: 7, meta: [{ key: META_KEYS.companyName, value: 'Acme' }] });
    const http = renderProfile(casey, {
      'PUT users/7': { body: { data: { ...casey, name: 'Casey C.' }, message: MESSAGES.userUpdated } },
    });
    const card = await details();
    expect(within(card).queryByLabelText(/^Admin notes/)).not.toBeInTheDocument();
    expect(within(card).queryByRole('switch', { name: 'Uses NSBI' })).not.toBeInTheDocument();
    expect(within(card).getByRole('combobox', { name: 'Role' })).toBeDisabled();

    const user = userEvent.setup();
    const name = within(card).getByDisplayValue('Casey Customer');
    await user.clear(name);
    await user.type(name, 'Casey C.');
    await user.type(within(card).getByDisplayValue('Acme'), ' Haulage');
    await user.type(within(card).getByLabelText(/^Primary phone number/), '5551234567');
    await user.click(within(card).getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText(MESSAGES.userUpdated)).toBeInTheDocument();
    const body = http.calls('PUT users/7')[0]?.body as { name: string; meta: Array<{ key: string }> };
    expect(body).toMatchObject({ name: 'Casey C.', role_id: ROLE_IDS.customer });
    expect(body).not.toHaveProperty('password');
    expect(body.meta).toContainEqual({ key: META_KEYS.companyName, value: 'Acme Haulage' });
    expect(body.meta).toContainEqual({ key: META_KEYS.primaryPhone, value: '5551234567' });
    expect(body.meta.map((m) => m.key)).not.toContain(META_KEYS.adminNotes);
  });

  it('shows a 422 from the save under the field', async () => {
    renderProfile(buildUser({ id: 7 }), {
      'PUT users/7': json(422, {
        message: MESSAGES.validationFailed,
        errors: { [META_KEYS.secondaryPhone]: ['Enter a valid phone number (only numbers)'] },
      }),
    });
    const card = await details();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Save Profile' }));
    expect(await within(card).findByText('Enter a valid phone number (only numbers)')).toBeInTheDocument();
  });

  it('sends the current password with a new password, and shows the server’s current_password error under it', async () => {
    const http = renderProfile(buildUser({ id: 7 }), {
      'PUT users/7': json(422, {
        message: MESSAGES.validationFailed,
        errors: { current_password: [VALIDATION.currentPasswordWrong] },
      }),
    });
    const card = await details();
    const user = userEvent.setup();
    await user.type(within(card).getByLabelText(/^Password/), 'Road#Train-42');
    await user.type(within(card).getByLabelText(/^Confirm password/), 'Road#Train-42');
    await user.type(within(card).getByLabelText(/^Current password/), 'old-secret');
    await user.click(within(card).getByRole('button', { name: 'Save Profile' }));
    expect(await within(card).findByText(VALIDATION.currentPasswordWrong)).toBeInTheDocument();
    expect(http.calls('PUT users/7')[0]?.body).toMatchObject({
      password: 'Road#Train-42',
      current_password: 'old-secret',
    });
  });
});
