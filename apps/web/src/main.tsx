import { captureHandOffToken } from './shared/session/hand-off-token';
import './app/zod-locale';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { applyCacheVersion } from './shared/storage/cache-version';
import { AppProviders, wireApiHooks } from './app/providers';
import { prefetchOnIntent } from './app/prefetch';
import { createAppRouter } from './app/router';
import { startTracingAfterPaint } from './shared/telemetry/start-after-paint';

// First of all: a hand-off token leaves the address bar before anything else can see it.
captureHandOffToken();
// Before anything reads storage: a client cache from an older build version is dropped.
applyCacheVersion();

const router = createAppRouter();
prefetchOnIntent(router.routes);
wireApiHooks({
  navigate: (to, options) => router.navigate(to, options),
  currentLocation: () => {
    const { pathname, search, hash } = router.state.location;
    return { pathname, search, hash };
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread until the whole screen is built (decision 0017: a phone's CPU).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});

// Browser tracing, only if the server traces, loaded once the page is up.
startTracingAfterPaint();
