import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { setApiHooks } from '../shared/api/api-hooks';
import { loginUrl } from '../shared/session/login-url';
import { showToast } from '../shared/ui/toast';
import { ToastHost } from '../shared/ui/toast-host';
import { cssVariablesResolver, theme } from './theme';

type AppProvidersProps = { children: ReactNode; env?: 'default' | 'test' };

/**
 * App-wide providers. React Query's provider is not here but in the signed-in branch
 * (session-root.tsx): /login needs no query cache and its bundle stays smaller without it.
 */
export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      // All of the theme's CSS variables in the provider's <style>, not only those that differ from
      // Mantine's defaults: the defaults' 27 KB stylesheet then stays off the render-blocking path
      // (build/mantine-styles.ts, decision 0017).
      deduplicateCssVariables={false}
      env={env}
      cssVariablesResolver={cssVariablesResolver}
    >
      <ToastHost />
      {children}
    </MantineProvider>
  );
}

type Navigate = (to: string, options: { replace: boolean; state: unknown }) => unknown;

/**
 * The app's answers to the API client's global outcomes (docs/product.md §8): an ended session goes to sign-in
 * with status=401, remembering where the user was; server failures become a red toast.
 * (The query cache empties itself when the session ends, see query-client.ts.)
 */
export function wireApiHooks(deps: { navigate: Navigate; currentLocation: () => unknown }) {
  return setApiHooks({
    onUnauthorized: () => {
      void deps.navigate(loginUrl({ status: 401 }), {
        replace: true,
        state: { from: deps.currentLocation() },
      });
    },
    onServerError: (message) => {
      // Same id for the same message: parallel failures show one toast, not a stack of copies.
      showToast({ id: `api-error:${message}`, color: 'red', message });
    },
  });
}
