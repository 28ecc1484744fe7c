import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, buildUsersPage } from '../../test/builders';
import { mockApi, type MockHandler, type MockReply } from '../../test/fetch-mock';
import { renderApp, signIn } from '../../test/render';

const admin = buildUser({ id: 1, as: 'admin', name: 'Ada Admin' });
const nora = buildUser({ id: 5, name: 'Nora NSBI', email: 'nora@example.com', nsbi: true });
const omar = buildUser({ id: 6, name: 'Omar NSBI', email: 'omar@example.com', nsbi: true });

function renderConnect(connect: MockHandler | MockReply) {
  signIn(admin);
  const http = mockApi({
    'GET auth/me': { body: { data: admin } },
    'GET dundas-bi/project/all': {
      body: { data: [{ projectId: '6a1f0c52-3b7e-5d41-a9c8-0f2e4d6b8a10', name: 'Fleet Insights' }] },
    },
    'GET users': ({ url }) => {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      return { body: buildUsersPage([nora, omar].filter((u) => u.name.toLowerCase().includes(search))) };
    },
    'POST dundas-bi/account/projects': connect,
  });
  renderApp('/admin/users/connect-reports');
  return { http, user: userEvent.setup() };
}

async function chooseProjectAndUsers(user: ReturnType<typeof userEvent.setup>) {
  const project = await screen.findByRole('combobox', { name: 'Project' }, { timeout: 5000 });
  await waitFor(() => expect(project).toBeEnabled());
  await user.click(project);
  await user.click(await screen.findByRole('option', { name: 'Fleet Insights' }));
  const users = screen.getByRole('combobox', { name: 'Users' });
  await user.click(users);
  await user.type(users, 'nora');
  await user.click(await screen.findByRole('option', { name: 'Nora NSBI (nora@example.com)' }));
  await user.clear(users);
  await user.type(users, 'omar');
  await user.click(await screen.findByRole('option', { name: 'Omar NSBI (omar@example.com)' }));
}

describe('Connect reports', () => {
  it('gives the chosen users the project in one call; chosen users stay chosen while the search changes', async () => {
    const { http, user } = renderConnect({
      body: { data: { count: 2 }, message: 'Project assigned to 2 users.' },
    });
    await chooseProjectAndUsers(user);
    await user.click(screen.getByRole('button', { name: 'Connect 2 users' }));
    expect(await screen.findByText('Project assigned to 2 users.')).toBeInTheDocument();
    expect(http.calls('POST dundas-bi/account/projects')[0]?.body).toEqual({
      user_ids: [5, 6],
      project_id: '6a1f0c52-3b7e-5d41-a9c8-0f2e4d6b8a10',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: /^Connect/ })).toBeDisabled());
  });

  it('shows the server’s message when it refuses, and keeps the choice', async () => {
    const { user } = renderConnect({ status: 502, body: { message: 'The BI server is not answering.' } });
    await chooseProjectAndUsers(user);
    await user.click(screen.getByRole('button', { name: 'Connect 2 users' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The BI server is not answering.');
    expect(screen.getByRole('button', { name: 'Connect 2 users' })).toBeEnabled();
  });
});
