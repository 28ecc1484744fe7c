import { useEffect } from 'react';
import { SignInPage } from '../features/auth/sign-in-page';

let prefetching: Promise<unknown> | null = null;

/**
 * Fetches what signing in leads to (the session, its layout, Applications: one `shell` chunk
 * with its stylesheet, see vite.config.ts) before it is needed. Only loads and evaluates modules;
 * the router still imports them when the user gets there, and then they are ready. A failure is
 * left for that import to report (docs/product.md §8 'Loading chunk … failed').
 */
export function prefetchSignedInShell(): Promise<unknown> {
  prefetching ??= Promise.all([
    import('./session-root'),
    import('./require-auth'),
    import('./layout/app-layout'),
    import('../features/applications/applications-page'),
  ]).catch(() => {
    prefetching = null;
  });
  return prefetching;
}

/**
 * /login: the sign-in screen, which starts fetching the signed-in shell as soon as the user types
 * (decision 0017): by the time they press Sign In it has arrived, and a visitor who only looks
 * at the page downloads none of it.
 */
export function SignInRoute() {
  useEffect(() => {
    const onInput = () => void prefetchSignedInShell();
    document.addEventListener('input', onInput, { once: true });
    return () => document.removeEventListener('input', onInput);
  }, []);
  return <SignInPage />;
}
