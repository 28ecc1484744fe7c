import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, RouterProvider, createMemoryRouter, type InitialEntry } from 'react-router';
import { STORAGE_KEYS, type User } from '@portal/contract';
import { AppProviders } from '../app/providers';

/** The app's global answers to API outcomes (main.tsx wires them), for tests that check them. */
export { wireApiHooks } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createRouteTable } from '../app/route-table';
import { saveSession } from '../shared/session/session-store';
import { buildSession } from './builders';

/** Signs a user in the way the app does (token + user in session storage). */
export function signIn(user: User) {
  saveSession(buildSession(user));
}

export const storedToken = () => sessionStorage.getItem(STORAGE_KEYS.token);

/** The whole app (real route table, guards, lazy screens) at `entry`, in memory. */
export function renderApp(entry: InitialEntry = '/') {
  const router = createMemoryRouter(createRouteTable(), { initialEntries: [entry] });
  const view = render(
    <AppProviders env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

/** One component with Mantine, a fresh query cache and a router around it. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: InitialEntry } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </AppProviders>,
  );
}
