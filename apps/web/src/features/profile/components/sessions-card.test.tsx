import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ActiveSession } from '@portal/contract';
import { json, mockApi } from '../../../test/fetch-mock';
import { renderWithProviders, wireApiHooks } from '../../../test/render';
import { SessionsCard } from './sessions-card';

const session = (over: Partial<ActiveSession>): ActiveSession => ({
  id: 's-1',
  device: 'Linux',
  browser: 'Chrome',
  ip: '10.0.0.1',
  signedInAt: '2026-11-20T08:00:00.000Z',
  lastActiveAt: new Date().toISOString(),
  current: true,
  ...over,
});

describe('Sessions card', () => {
  it('lists this and the other sessions, and signs the others out after confirmation', async () => {
    let revoked = false;
    const api = mockApi({
      'GET auth/sessions': () => ({
        body: {
          data: revoked
            ? [session({})]
            : [
                session({}),
                session({ id: 's-2', device: 'iOS', browser: 'Safari', ip: '10.0.0.2', current: false }),
              ],
        },
      }),
      'POST auth/sessions/revoke-others': () => {
        revoked = true;
        return { body: { data: { message: 'Other sessions were signed out.' } } };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SessionsCard />);

    const table = await screen.findByRole('table', { name: 'Active sessions' });
    expect(within(table).getByText('Chrome on Linux')).toBeInTheDocument();
    expect(within(table).getByText('Safari on iOS')).toBeInTheDocument();
    expect(within(table).getAllByText('This device')).toHaveLength(1);
    expect(within(table).getAllByText(/^Nov 20, 2026, \d\d:\d\d$/)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to sign out your other session?');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Other sessions were signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(api.calls('POST auth/sessions/revoke-others')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();
  });

  it.each([
    [429, 'Too many requests. Please slow down.', 1],
    [503, 'The service is temporarily unavailable. Please try again shortly.', 1],
  ])(
    "a failed sign-out of the others (%i) is one toast with the server's message",
    async (status, message, toasts) => {
      // The app's own answer to a 5xx (main.tsx wires it): its toast, so the card adds none.
      const unwire = wireApiHooks({ navigate: vi.fn(), currentLocation: () => null });
      try {
        mockApi({
          'GET auth/sessions': { body: { data: [session({}), session({ id: 's-2', current: false })] } },
          'POST auth/sessions/revoke-others': json(status, { message }),
        });
        const user = userEvent.setup();
        renderWithProviders(<SessionsCard />);
        await user.click(await screen.findByRole('button', { name: 'Sign out other sessions' }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
        expect(await screen.findByText(message)).toBeInTheDocument();
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(screen.getAllByText(message)).toHaveLength(toasts);
      } finally {
        unwire();
      }
    },
  );

  it('says so clearly when the server has no sessions endpoint', async () => {
    mockApi({});
    renderWithProviders(<SessionsCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sessions cannot be listed');
  });
});
