import { routes } from '../routes';

let captured: string | null = null;

/**
 * /ext-login?token=… (docs/product.md §2 External login): the hand-off token is a credential, so it leaves the
 * address bar before anything else runs — before the router, any request, or a screenshot of the
 * tab could carry it (history, Referer). main.tsx calls this first; the page then takes it here.
 */
export function captureHandOffToken(location: Location = window.location, history: History = window.history) {
  if (location.pathname !== routes.externalLogin) return;
  const params = new URLSearchParams(location.search);
  if (!params.has('token')) return;
  captured = params.get('token');
  params.delete('token');
  const rest = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
}

/** The captured token, once (a second call answers null: the token is single use anyway). */
export function takeHandOffToken(): string | null {
  const token = captured;
  captured = null;
  return token;
}
