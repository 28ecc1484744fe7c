import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LINKED_APP_MESSAGES, type User } from '@portal/contract';
import { setApiHooks } from '../../../shared/api/api-hooks';
import { getSession, useCurrentUser } from '../../../shared/session/session-store';
import { buildLdLink, buildTsLink, buildUser } from '../../../test/builders';
import { mockApi } from '../../../test/fetch-mock';
import { renderWithProviders, signIn } from '../../../test/render';
import { LinkedAppsCard } from './linked-apps-card';

const ld = buildLdLink();
const ts = buildTsLink();

/** The card over the stored user, as the Profile renders it. */
function StoredUserCard() {
  const user = useCurrentUser();
  return user ? <LinkedAppsCard user={user} /> : null;
}
function renderCard(user: User) {
  signIn(user);
  renderWithProviders(<StoredUserCard />);
  return userEvent.setup();
}

describe('Linked Apps card', () => {
  it('says when nothing is linked, with a link to the dashboard', () => {
    renderCard(buildUser({ ld: null, ts: null }));
    expect(screen.getByText(LINKED_APP_MESSAGES.noLinkedApps, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /dashboard/ })).toHaveAttribute('href', '/');
  });

  it('shows each linked app: LD with its username, branch and client; TS with its username', () => {
    renderCard(buildUser({ ld, ts }));
    const ldGroup = screen.getByRole('group', { name: 'Live Dispatch' });
    expect(ldGroup).toHaveTextContent('Username: ld.demo');
    expect(ldGroup).toHaveTextContent('Branch: Cape Town');
    expect(ldGroup).toHaveTextContent('Client: Acme Logistics');
    expect(screen.getByRole('group', { name: 'Tattle Systems' })).toHaveTextContent('Username: ts.demo');
  });

  it('unlinks after the confirmation; the stored user loses the link', async () => {
    const http = mockApi({ 'DELETE auth/unlink-ld': { body: { data: buildUser({ ld: null, ts }) } } });
    const user = renderCard(buildUser({ ld, ts }));
    await user.click(screen.getByRole('button', { name: 'Unlink Live Dispatch' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to unlink Live Dispatch?');
    await user.click(within(dialog).getByRole('button', { name: 'Unlink' }));

    expect(await screen.findByText('Live Dispatch unlinked.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Live Dispatch' })).not.toBeInTheDocument();
    expect(getSession().user?.ld).toBeNull();
    expect(http.calls('DELETE auth/unlink-ld')).toHaveLength(1);
  });

  it.each([404, 502])(
    'a failed unlink (%i) is a warning toast with the server message, and the link stays',
    async (status) => {
      const onServerError = vi.fn();
      setApiHooks({ onServerError });
      mockApi({ 'DELETE auth/unlink-ts': { status, body: { message: 'Tattle Systems said no.' } } });
      const user = renderCard(buildUser({ ts }));
      await user.click(screen.getByRole('button', { name: 'Unlink Tattle Systems' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unlink' }));

      const toast = await screen.findByText('Tattle Systems said no.');
      // A warning (yellow), not the global red toast of a 5xx.
      expect(toast.closest('.mantine-Notification-root')?.getAttribute('style')).toContain(
        'mantine-color-yellow',
      );
      expect(onServerError).not.toHaveBeenCalled();
      expect(screen.getByRole('group', { name: 'Tattle Systems' })).toBeInTheDocument();
    },
  );
});
