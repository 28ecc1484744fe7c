import type { Location } from 'react-router';
import { META_KEYS, metaFlag, type User } from '@portal/contract';
import { routes } from '../../shared/routes';

/** Navigation state the guards put on /login: where the visitor was going. */
export type SignInState = { from?: Pick<Location, 'pathname' | 'search' | 'hash'>; allow?: boolean } | null;

/**
 * docs/product.md §2/§4: back to the page that sent the visitor to sign in; otherwise NS BI reports for a user
 * with the NSBI flag, else the dashboard.
 */
export function afterSignInPath(state: SignInState, user: User): string {
  const from = state?.from;
  if (from?.pathname && from.pathname !== routes.login)
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return metaFlag(user, META_KEYS.nsbiEnabled) ? routes.reports : routes.dashboard;
}
