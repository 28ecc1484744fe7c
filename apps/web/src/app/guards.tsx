import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { META_KEYS, hasRole, metaFlag } from '@portal/contract';
import type { SignInState } from '../features/auth/after-sign-in';
import { routes } from '../shared/routes';
import { getSession, useCurrentUser } from '../shared/session/session-store';

/** A signed-in user lacking every listed role goes to the forbidden page (docs/product.md §2, §6). */
export function RequireRole({ roles }: { roles: readonly number[] }) {
  const user = useCurrentUser();
  if (!user || !hasRole(user, roles)) return <Navigate to={routes.forbidden} replace />;
  return <Outlet />;
}

/** NS BI screens need the user's NSBI flag, else forbidden (docs/product.md §2 Reports). */
export function RequireNsbi() {
  const user = useCurrentUser();
  if (!user || !metaFlag(user, META_KEYS.nsbiEnabled)) return <Navigate to={routes.forbidden} replace />;
  return <Outlet />;
}

/**
 * Sign-in, forgot, reset and register send a signed-in user to the dashboard, unless navigation
 * state says `allow: true` (docs/product.md §2: e.g. signing in as another account).
 */
export function GuestOnly() {
  const location = useLocation();
  return <GuestGate key={location.key} allow={(location.state as SignInState)?.allow === true} />;
}

function GuestGate({ allow }: { allow: boolean }) {
  // Decided once per arrival (keyed by location), not on every session change: a successful
  // sign-in on this very screen navigates on its own (original location or NS BI) and must not
  // be overtaken by a redirect to the dashboard.
  const [signedInOnArrival] = useState(() => getSession().token !== null);
  if (signedInOnArrival && !allow) return <Navigate to={routes.dashboard} replace />;
  return <Outlet />;
}
