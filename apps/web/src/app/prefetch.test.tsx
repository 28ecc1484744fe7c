import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser, buildUsersPage } from '../test/builders';
import { mockApi } from '../test/fetch-mock';
import { renderApp, signIn } from '../test/render';
import { prefetchOnIntent } from './prefetch';

const admin = buildUser({ as: 'admin', name: 'Ada Admin' });
const listed = buildUser({ id: 42, name: 'Listed Person', email: 'listed@example.com' });

let stop = () => {};
afterEach(() => stop());

describe('screens ask their data before their code is there (decision 0028)', () => {
  it('asks the users list when the pointer comes over the link, before any click', async () => {
    signIn(admin);
    const http = mockApi({
      'GET auth/me': { body: { data: admin } },
      'GET system-settings': { body: { data: [] } },
      'GET linked-apps': { body: { data: [] } },
      'GET users': { body: buildUsersPage([listed]) },
    });
    const { router } = renderApp('/');
    stop = prefetchOnIntent(router.routes);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' }, { timeout: 10_000 });
    await userEvent.hover(within(nav).getByRole('link', { name: 'Blocked Users' }));

    await waitFor(() => expect(http.calls('GET users')).toHaveLength(1), { timeout: 10_000 });
    const asked = http.calls('GET users')[0]!.url.searchParams;
    expect(asked.get('blocked')).toBe('1');
    expect(router.state.location.pathname).toBe('/');

    // The screen then draws that answer without asking again.
    await userEvent.click(within(nav).getByRole('link', { name: 'Blocked Users' }));
    expect(await screen.findByText('listed@example.com', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(http.calls('GET users')).toHaveLength(1);
  }, 60_000);
});
