import { lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code is fetched when first wanted (`preload`, or its first drawing inside a
 * `Suspense`). Once the code is here it is drawn at once: React's `lazy` suspends at least once
 * even for code already fetched, and React then holds the content back for up to ~300 ms after
 * the fallback appeared (decision 0045). Whether to wait is decided as each instance is first
 * drawn, so an instance never changes component (which would start it anew).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Forgotten, so that a later wish tries again.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function LazyComponent(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(LazyComponent, { preload });
}
