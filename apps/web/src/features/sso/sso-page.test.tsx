import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_IDS, SSO_MESSAGES, type SsoProvider } from '@portal/contract';
import { buildUser } from '../../test/builders';
import { mockApi } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin' });
const roles = [
  { id: ROLE_IDS.admin, name: 'Administrator', short_name: 'admin' },
  { id: ROLE_IDS.customer, name: 'Customer', short_name: 'customer' },
];
const example: SsoProvider = {
  id: 3,
  name: 'Example SSO',
  issuer: 'http://localhost:5173/sim/idp',
  client_id: 'portal',
  has_client_secret: true,
  domains: ['sso.example.com'],
  role_id: ROLE_IDS.customer,
  create_users: true,
  sso_required: true,
  enabled: true,
  redirect_uri: 'http://localhost:5173/sso/callback',
  links: 1,
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
};

describe('Admin → Single sign-on', () => {
  it('lists the providers with their domains and rules, and their linked users', async () => {
    signIn(admin);
    mockApi({
      'GET auth/me': { body: { data: admin } },
      'GET sso/providers': { body: { data: [example] } },
      'GET sso/providers/3/links': {
        body: {
          data: [
            {
              id: 9,
              user_id: 5,
              user_name: 'Alex Verified',
              provider_id: 3,
              provider_name: 'Example SSO',
              subject: 'alex',
              email: 'alex@sso.example.com',
              created_at: '2026-11-27T10:00:00.000Z',
              last_used_at: null,
            },
          ],
        },
      },
    });
    renderApp('/admin/sso');
    const card = await screen
      .findByRole('article', { name: 'Example SSO' })
      .catch(() => screen.findByLabelText('Example SSO'));
    expect(card).toHaveTextContent('sso.example.com');
    expect(card).toHaveTextContent('SSO required');
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Linked users' }));
    expect(await screen.findByRole('table', { name: 'Linked users' })).toHaveTextContent('Alex Verified');
  });

  it('adds a provider: the form sends the contract body and shows the server’s field errors', async () => {
    signIn(admin);
    let attempt = 0;
    const api = mockApi({
      'GET auth/me': { body: { data: admin } },
      'GET sso/providers': { body: { data: [] } },
      'GET roles/available': { body: { data: roles } },
      'POST sso/providers': () =>
        (attempt += 1) === 1
          ? {
              status: 422,
              body: {
                message: SSO_MESSAGES.domainTaken('acme.test', 'Other'),
                errors: { domains: [SSO_MESSAGES.domainTaken('acme.test', 'Other')] },
              },
            }
          : { status: 201, body: { data: { ...example, id: 4, name: 'Acme' } } },
    });
    renderApp('/admin/sso');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add identity provider' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Name/), 'Acme');
    await user.type(within(dialog).getByLabelText(/^Issuer URL/), 'https://idp.acme.test');
    await user.type(within(dialog).getByLabelText(/^Client ID/), 'portal');
    await user.type(within(dialog).getByLabelText(/^Client secret/), 's3cret');
    const domains = within(dialog)
      .getAllByLabelText(/^Email domains/)
      .find((element) => element.tagName === 'INPUT')!;
    await user.type(domains, 'acme.test,');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findAllByText(SSO_MESSAGES.domainTaken('acme.test', 'Other')),
    ).not.toHaveLength(0);
    expect(api.calls('POST sso/providers')[0]?.body).toEqual({
      name: 'Acme',
      issuer: 'https://idp.acme.test',
      client_id: 'portal',
      client_secret: 's3cret',
      domains: ['acme.test'],
      role_id: ROLE_IDS.customer,
      create_users: false,
      sso_required: false,
      enabled: true,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(SSO_MESSAGES.providerSaved)).toBeInTheDocument();
  });
});
