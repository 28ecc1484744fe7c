import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { preloadToasts } from '../shared/ui/toast';
import { getQueryClient } from './query-client';

/** Root of everything that talks to the API as a signed-in user: the query cache lives here. */
export function SessionRoot() {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    idle(preloadToasts);
  }, []);
  return (
    <QueryClientProvider client={getQueryClient()}>
      <Outlet />
    </QueryClientProvider>
  );
}
