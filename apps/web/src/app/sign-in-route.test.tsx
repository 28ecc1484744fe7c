import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/fetch-mock';
import { renderApp } from '../test/render';

// Which modules of the signed-in shell have been loaded (each records itself when evaluated).
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('./session-root', () => (loaded.add('session'), { SessionRoot: () => null }));
vi.mock('./require-auth', () => (loaded.add('require-auth'), { RequireAuth: () => null }));
vi.mock('./layout/app-layout', () => (loaded.add('layout'), { AppLayout: () => null }));
vi.mock(
  '../features/applications/applications-page',
  () => (loaded.add('applications'), { ApplicationsPage: () => null }),
);

describe('/login and the signed-in shell', () => {
  it('loads none of the shell for a visitor who only looks, and all of it once they type', async () => {
    mockApi({});
    renderApp('/login');
    const username = await screen.findByLabelText(/^Email or Username/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded.size).toBe(0);

    await userEvent.setup().type(username, 'c');
    await waitFor(() =>
      expect([...loaded].sort()).toEqual(['applications', 'layout', 'require-auth', 'session']),
    );
  });
});
