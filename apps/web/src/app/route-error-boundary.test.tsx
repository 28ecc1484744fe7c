import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, MESSAGES } from '@portal/contract';
import { lazyPage, loadChunk } from './lazy-page';
import { AppProviders } from './providers';
import { reloadPage } from '../shared/page-navigation';
import { RouteErrorBoundary } from './route-error-boundary';

vi.mock('../shared/page-navigation', () => ({ reloadPage: vi.fn() }));

function renderFailingRoute(load: () => Promise<never>) {
  const router = createMemoryRouter(
    [
      {
        errorElement: <RouteErrorBoundary />,
        hydrateFallbackElement: <p>Loading</p>,
        children: [{ path: '/', ...lazyPage('reports', load) }],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => vi.useRealTimers());

describe('lazy chunk failure', () => {
  it('explains a failed download and offers a Reload button instead of a blank page', async () => {
    renderFailingRoute(() =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/reports-Ab12Cd34.js'),
      ),
    );
    expect(await screen.findByText(MESSAGES.chunkLoadFailed('reports'))).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(reloadPage).toHaveBeenCalled();
  });

  it('gives up on a chunk that hangs longer than the load timeout', async () => {
    vi.useFakeTimers();
    const hanging = loadChunk('analysis', () => new Promise<never>(() => {}));
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    await expect(hanging).rejects.toThrow(MESSAGES.chunkLoadFailed('analysis'));
  });

  it('shows a generic message and Reload for other render errors', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteErrorBoundary />,
          Component: () => {
            throw new Error('render bug');
          },
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <AppProviders env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText(MESSAGES.serverError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
