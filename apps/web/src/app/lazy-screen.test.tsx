import { useEffect, type ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/contract';
import { AppProviders } from './providers';

/** A chunk that arrives when the test says so. */
function chunk(name: string) {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const load = vi.fn(async () => {
    await arrived;
    return function Screen() {
      return <h1>{name}</h1>;
    };
  });
  return { load, arrive };
}

/** The layout and two screens in it, as the route table has them; a fresh module each time. */
async function renderApp(screens: { profile: () => Promise<ComponentType> }) {
  vi.resetModules();
  const { lazyScreen, markLayoutDrawn } = await import('./lazy-screen');
  // From the same fresh modules: it knows the chunk error by its class.
  const { RouteErrorBoundary } = await import('./route-error-boundary');
  const users = chunk('Users');
  function Layout() {
    useEffect(markLayoutDrawn, []);
    return (
      <>
        <header>
          <Link to="/users">Users</Link>
        </header>
        <main>
          <Outlet />
        </main>
      </>
    );
  }
  const router = createMemoryRouter(
    [
      {
        Component: Layout,
        hydrateFallbackElement: <p>Starting</p>,
        children: [
          {
            errorElement: <RouteErrorBoundary inLayout />,
            children: [
              { path: '/profile', ...lazyScreen('profile', screens.profile) },
              { path: '/users', ...lazyScreen('users', users.load) },
            ],
          },
        ],
      },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, users };
}

describe('a lazy screen in the layout', () => {
  it("opening the page at its address draws the layout with the loader before the screen's code arrives", async () => {
    const profile = chunk('My Profile');
    await renderApp({ profile: profile.load });
    expect(await screen.findByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading', { name: 'My Profile' })).not.toBeInTheDocument();
    profile.arrive();
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('once the layout is up, keeps the screen before until the next one has arrived', async () => {
    const profile = chunk('My Profile');
    profile.arrive();
    const { router, users } = await renderApp({ profile: profile.load });
    await screen.findByRole('heading', { name: 'My Profile' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Users' }));
    expect(users.load).toHaveBeenCalled();
    expect(router.state.navigation.state).toBe('loading');
    expect(screen.getByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    users.arrive();
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a chunk that cannot be fetched is the route error, with the layout around it', async () => {
    await renderApp({
      profile: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    });
    expect(await screen.findByText(MESSAGES.chunkLoadFailed('profile'))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
  });
});
