import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { DataScreen } from './screen-data';

/** The code that knows each screen's reads; it comes with the signed-in shell (vite.config.ts). */
const screenDataModule = () => import('./screen-data');

/**
 * Route props that start a screen's API requests when the router opens it: a route's own loader
 * runs in parallel with its `lazy` chunk, so the answers are on their way while the chunk
 * downloads, instead of after it has arrived and rendered (decision 0028). It never waits: the
 * screen shows its data through its own queries, which find it in the cache or in flight.
 */
export function screenData(screen: DataScreen) {
  return {
    handle: { screen },
    loader: ({ request, params }: LoaderFunctionArgs) => {
      void screenDataModule()
        .then((m) => m.prefetchScreenData(screen, new URL(request.url), params, 'navigation'))
        .catch(() => undefined); // the screen's own import and queries report what failed
      return null;
    },
  };
}

/** A link is worth preparing again after this long (fresh data is not asked again anyway). */
const AGAIN_AFTER_MS = 10_000;

/**
 * Prefetch on intent: when the pointer comes over a link of the app, or it gets focus or a touch,
 * the chunks of the screen it opens and that screen's reads are fetched, so a click finds both
 * on their way or arrived. One listener for every link (sidebar, cards, menus, report tiles).
 * Answers how to stop listening.
 */
export function prefetchOnIntent(routes: RouteObject[]) {
  const recent = new Map<string, number>();
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if (link.target === '_blank' || link.hasAttribute('download')) return;
    const path = link.pathname + link.search;
    const now = Date.now();
    if (now - (recent.get(path) ?? -Infinity) < AGAIN_AFTER_MS) return;
    recent.set(path, now);
    for (const { route, params } of matchRoutes(routes, path) ?? []) {
      if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => undefined);
      const screen = (route.handle as { screen?: DataScreen } | undefined)?.screen;
      if (!screen) continue;
      void screenDataModule()
        .then((m) => m.prefetchScreenData(screen, new URL(link.href), params, 'intent'))
        .catch(() => undefined);
    }
  };
  const types = ['pointerover', 'focusin', 'touchstart'];
  for (const type of types) document.addEventListener(type, onIntent, { capture: true, passive: true });
  return () => types.forEach((type) => document.removeEventListener(type, onIntent, { capture: true }));
}
