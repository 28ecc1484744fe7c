import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { META_KEYS, MESSAGES, ROLE_IDS, USER_ADMIN_MESSAGES, VALIDATION, required } from '@portal/contract';
import { buildLdLink, buildUser, buildUsersPage } from '../../../test/builders';
import { json, mockApi, type MockHandler, type MockReply } from '../../../test/fetch-mock';
import { renderApp, signIn } from '../../../test/render';

const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin', email: 'ada@example.com' });
const casey = buildUser({
  id: 7,
  name: 'Casey Customer',
  email: 'casey@example.com',
  meta: [{ key: META_KEYS.companyName, value: 'Acme Haulage' }],
});
const roles = [
  { id: ROLE_IDS.admin, name: 'Administrator', short_name: 'admin' },
  { id: ROLE_IDS.customer, name: 'Customer', short_name: 'customer' },
];

function renderAt(path: string, extra: Record<string, MockHandler | MockReply> = {}) {
  signIn(admin);
  const http = mockApi({
    'GET auth/me': { body: { data: admin } },
    'GET users': { body: buildUsersPage([admin, casey], { total: 60 }) },
    'GET roles/available': { body: { data: roles } },
    ...extra,
  });
  const view = renderApp(path);
  return { ...view, http };
}

const findDialog = (name: string) => screen.findByRole('dialog', { name }, { timeout: 5000 });
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(new RegExp(`^${label}\\s*\\*?$`), { selector: 'input,textarea' });

async function fillValidUser(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(dialog, 'Full name'), 'Nina New');
  await user.type(field(dialog, 'Email'), 'nina@example.com');
  await user.type(within(dialog).getByLabelText(/^Password/), 'secret12');
  await user.type(within(dialog).getByLabelText(/^Confirm password/), 'secret12');
}

describe('Create User modal', () => {
  it('shows the docs/product.md §5 messages, each once its field is touched', async () => {
    renderAt('/admin/users/create');
    const dialog = await findDialog('Create User');
    const user = userEvent.setup();
    expect(within(dialog).queryByText(required('Full name'))).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const label of ['Full name', 'Email', 'Password', 'Confirm password']) {
      expect(await within(dialog).findByText(required(label))).toBeInTheDocument();
    }

    await user.type(field(dialog, 'Email'), 'not-an-email');
    expect(await within(dialog).findByText(VALIDATION.invalidEmail('Email'))).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Password/), '123');
    expect(await within(dialog).findByText(VALIDATION.passwordTooShort)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Password/), '4567890123456');
    expect(await within(dialog).findByText(VALIDATION.passwordTooLong)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Confirm password/), 'other');
    expect(await within(dialog).findByText(VALIDATION.passwordsMustMatch)).toBeInTheDocument();
    await user.type(field(dialog, 'Primary phone number'), '12345');
    expect(await within(dialog).findByText(VALIDATION.phoneMinDigits)).toBeInTheDocument();
    await user.type(field(dialog, 'Secondary phone number'), '555-123-4567');
    expect(await within(dialog).findByText(VALIDATION.phoneOnlyNumbers)).toBeInTheDocument();
  });

  it('creates the user, toasts the server message and goes back to the list with the new user in sight', async () => {
    const nina = buildUser({ id: 50, name: 'Nina New', email: 'nina@example.com' });
    const { http, router } = renderAt('/admin/users/create?page=2', {
      'POST users': json(201, { data: nina, message: MESSAGES.userCreated }),
      'GET users': (request) => ({
        body: buildUsersPage(
          request.url.searchParams.get('search') === 'nina@example.com' ? [nina] : [admin, casey],
        ),
      }),
    });
    const dialog = await findDialog('Create User');
    const user = userEvent.setup();
    await fillValidUser(dialog, user);
    await user.type(field(dialog, 'Company name'), 'Nina Co');
    await user.type(field(dialog, 'Notes'), 'Met at the fair');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.userCreated)).toBeInTheDocument();
    expect(http.calls('POST users')[0]?.body).toEqual({
      name: 'Nina New',
      email: 'nina@example.com',
      password: 'secret12',
      password_confirmation: 'secret12',
      meta: [
        { key: 'company_name', value: 'Nina Co' },
        { key: 'primary_phone_number', value: '' },
        { key: 'secondary_phone_number', value: '' },
        { key: 'notes', value: 'Met at the fair' },
        { key: 'admin_notes', value: '' },
        { key: 'settings.nsbi_enabled', value: '0' },
      ],
      role_id: ROLE_IDS.customer,
      project_id: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    // Page 1 sorted by id would hide the new user: the list finds and marks it.
    expect(router.state.location.search).toBe('?search=nina%40example.com');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create User' })).not.toBeInTheDocument(),
    );
    const row = await screen.findByRole('row', { name: /Nina New/ });
    expect(row).toHaveAttribute('data-created', 'true');
  });

  it('Esc closes it and gives focus back to Add New', async () => {
    renderAt('/admin/users');
    const addNew = await screen.findByRole('link', { name: 'Add New' }, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(addNew);
    await findDialog('Create User');
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create User' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(addNew).toHaveFocus());
  });

  it('shows a 422 from the server under the fields (meta keys and role_id included)', async () => {
    renderAt('/admin/users/create', {
      'POST users': json(422, {
        message: MESSAGES.validationFailed,
        errors: {
          email: ['The email has already been taken.'],
          primary_phone_number: ['The primary phone number is not allowed.'],
          role_id: ['The selected role is invalid.'],
        },
      }),
    });
    const dialog = await findDialog('Create User');
    const user = userEvent.setup();
    await fillValidUser(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The email has already been taken.')).toBeInTheDocument();
    expect(field(dialog, 'Email')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('The primary phone number is not allowed.')).toBeInTheDocument();
    expect(field(dialog, 'Primary phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('The selected role is invalid.')).toBeInTheDocument();
  });

  it("turning 'Uses NSBI' off clears and disables the project", async () => {
    const { http } = renderAt('/admin/users/create', {
      'GET dundas-bi/project/all': {
        body: { data: [{ projectId: '6a1f0c52-3b7e-5d41-a9c8-0f2e4d6b8a11', name: 'Fleet Analytics' }] },
      },
      'POST users': json(201, { data: buildUser({ id: 51 }), message: MESSAGES.userCreated }),
    });
    const dialog = await findDialog('Create User');
    const user = userEvent.setup();
    // Looked up each time: the field's first use puts the real select in its stand-in's place.
    const project = () => within(dialog).getByRole('combobox', { name: 'Project' });
    expect(project()).toBeDisabled();

    await user.click(within(dialog).getByRole('switch', { name: 'Uses NSBI' }));
    await waitFor(() => expect(project()).toBeEnabled());
    await user.click(project());
    await user.click(await within(dialog).findByRole('option', { name: 'Fleet Analytics' }));
    expect(project()).toHaveValue('Fleet Analytics');

    await user.click(within(dialog).getByRole('switch', { name: 'Uses NSBI' }));
    expect(project()).toBeDisabled();
    expect(project()).toHaveValue('');

    await fillValidUser(dialog, user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText(MESSAGES.userCreated);
    expect(http.calls('POST users')[0]?.body).toMatchObject({ project_id: null });
  });

  it('keeps the project disabled with a hint while the BI server offers no projects', async () => {
    renderAt('/admin/users/create'); // dundas-bi/project/all is not stubbed: 404
    const dialog = await findDialog('Create User');
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('switch', { name: 'Uses NSBI' }));
    expect(await within(dialog).findByText('No BI projects are available yet.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Project' })).toBeDisabled();
  });
});

describe('Edit User modal', () => {
  it('uses the user passed by the list without loading it again', async () => {
    const { http } = renderAt('/admin/users');
    const user = userEvent.setup();
    const row = await screen.findByRole('row', { name: /Casey Customer/ }, { timeout: 5000 });
    await user.click(within(row).getByRole('link', { name: 'Edit' }));
    const dialog = await findDialog('Edit User');
    expect(field(dialog, 'Full name')).toHaveValue('Casey Customer');
    expect(field(dialog, 'Company name')).toHaveValue('Acme Haulage');
    expect(http.calls('GET users/7')).toHaveLength(0);
  });

  it('loads the user when opened by URL and saves with the server message', async () => {
    const { http, router } = renderAt('/admin/users/7/edit', {
      'GET users/7': { body: { data: casey } },
      'PUT users/7': { body: { data: { ...casey, name: 'Casey C.' }, message: MESSAGES.userUpdated } },
    });
    const dialog = await findDialog('Edit User');
    const user = userEvent.setup();
    const name = await within(dialog).findByDisplayValue('Casey Customer');
    await user.clear(name);
    await user.type(name, 'Casey C.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.userUpdated)).toBeInTheDocument();
    const body = http.calls('PUT users/7')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Casey C.',
      email: 'casey@example.com',
      role_id: ROLE_IDS.customer,
    });
    // An empty password keeps the old one: the fields are left out (docs/product.md §5).
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('password_confirmation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
  });

  it(
    'another administrator: asks for your password when the server does; a cancel keeps the form as typed',
    { timeout: 30_000 },
    async () => {
      const other = buildUser({ id: 9, as: 'admin', name: 'Olga Other', email: 'olga@example.com' });
      const { http, router } = renderAt('/admin/users/9/edit', {
        'GET users/9': { body: { data: other } },
        'PUT users/9': ({ body }) =>
          (body as { current_password?: string }).current_password === 'my-own-pass'
            ? { body: { data: other, message: MESSAGES.userUpdated } }
            : {
                status: 422,
                body: {
                  message: USER_ADMIN_MESSAGES.stepUpRequired,
                  errors: { current_password: [VALIDATION.currentPasswordRequired] },
                },
              },
      });
      const dialog = await findDialog('Edit User');
      const user = userEvent.setup();
      const email = await within(dialog).findByDisplayValue('olga@example.com');
      await user.clear(email);
      await user.type(email, 'olga@elsewhere.example');
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      let asked = await screen.findByRole('dialog', { name: 'Confirm with your password' });
      await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Confirm with your password' })).not.toBeInTheDocument(),
      );
      expect(within(dialog).getByDisplayValue('olga@elsewhere.example')).toBeInTheDocument();
      expect(within(dialog).queryByText(MESSAGES.serverError)).not.toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      asked = await screen.findByRole('dialog', { name: 'Confirm with your password' });
      await user.type(within(asked).getByLabelText('Current password'), 'my-own-pass');
      await user.click(within(asked).getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText(MESSAGES.userUpdated)).toBeInTheDocument();
      const sent = http
        .calls('PUT users/9')
        .map((c) => (c.body as { current_password?: string }).current_password);
      expect(sent).toEqual([undefined, undefined, 'my-own-pass']);
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    },
  );

  it('goes to the not-found page for an unknown user', async () => {
    renderAt('/admin/users/404/edit', {
      'GET users/404': { status: 404, body: { message: 'Not found.' } },
    });
    expect(await screen.findByText(MESSAGES.notFoundPage, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("shows the user's linked apps, read-only", async () => {
    const linked = { ...casey, ld: buildLdLink() };
    renderAt('/admin/users/7/edit', { 'GET users/7': { body: { data: linked } } });
    const dialog = await findDialog('Edit User');
    const links = await within(dialog).findByRole('region', { name: 'Linked apps' });
    expect(links).toHaveTextContent('Live Dispatchld.demo (Acme Logistics · Cape Town)');
    expect(links).toHaveTextContent('Tattle SystemsNot linked');
    expect(within(links).queryByRole('button')).not.toBeInTheDocument();
  });

  it('disables the role when you edit yourself', async () => {
    renderAt('/admin/users/1/edit', { 'GET users/1': { body: { data: admin } } });
    const dialog = await findDialog('Edit User');
    await within(dialog).findByDisplayValue('Ada Admin');
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toBeDisabled();
  });

  it('lists the user’s single sign-on links and removes one', async () => {
    const link = {
      id: 12,
      user_id: 7,
      user_name: 'Casey Customer',
      provider_id: 3,
      provider_name: 'Acme SSO',
      subject: 'casey-sub',
      email: 'casey@acme.test',
      created_at: '2026-11-27T10:00:00.000Z',
      last_used_at: null,
    };
    const { http } = renderAt('/admin/users/7/edit', {
      'GET users/7': { body: { data: casey } },
      'GET users/7/sso-links': { body: { data: [link] } },
      'DELETE sso/links/12': { status: 204 },
    });
    const dialog = await findDialog('Edit User');
    const links = await within(dialog).findByRole('region', { name: 'Single sign-on' });
    expect(links).toHaveTextContent('Acme SSO: casey@acme.test');
    const user = userEvent.setup();
    await user.click(within(links).getByRole('button', { name: 'Remove link' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(http.calls('DELETE sso/links/12')).toHaveLength(1));
  });
});
