import type { UseQueryResult } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { ROLE_IDS, hasRole, type User } from '@portal/contract';
import { isApiError } from '../api/api-error';
import { useCurrentUser } from '../session/session-store';
import { useUser } from './api/get-user';

/** Navigation state the users list passes with a row's user (docs/product.md §2: "uses user from navigation state"). */
export type UserNavigationState = { user?: User };

export type UserFromRoute = {
  /** The user's id, as the route names it (NaN when it names none). */
  id: number;
  /** The user once known: from navigation state at once, else when GET users/{id} answers. */
  user: User | undefined;
  /** The user is the signed-in one (only with `orSelf`: then `user` is the stored user, never fetched). */
  isSelf: boolean;
  /** No such user: an id that cannot be one, or a 404. The screen goes to the not-found page. */
  notFound: boolean;
  /** The read of the user, for its loading and failed states. */
  query: UseQueryResult<User>;
};

/**
 * The user a screen is about (Edit User, Report access, Settings): `:id` of the route. The user the
 * users list passed in navigation state shows at once, with no request until it goes stale;
 * otherwise GET users/{id}.
 *
 * With `orSelf` (Settings) a route without `:id` means the user in navigation state, or yourself;
 * only admins get another user's screen — a customer always gets their own (docs/product.md §2 Settings).
 */
export function useUserFromRoute({
  orSelf = false,
  fresh = false,
}: {
  orSelf?: boolean;
  /** Never trust the copy in navigation state (it outlives reloads and back): read the user now. */
  fresh?: boolean;
} = {}): UserFromRoute {
  const me = useCurrentUser();
  const { id: idParam } = useParams();
  const stateUser = (useLocation().state as UserNavigationState | null)?.user;
  const named = idParam !== undefined ? Number(idParam) : orSelf ? stateUser?.id : Number.NaN;
  const othersAllowed = !orSelf || (me !== null && hasRole(me, [ROLE_IDS.admin]));
  const id = othersAllowed && named !== undefined ? named : (me?.id ?? Number.NaN);
  const isSelf = orSelf && id === me?.id;
  const valid = Number.isInteger(id) && id > 0;
  const query = useUser(id, {
    initialUser: !fresh && stateUser?.id === id ? stateUser : null,
    enabled: valid && !isSelf,
    fresh,
  });
  return {
    id,
    user: isSelf ? (me ?? undefined) : query.data,
    isSelf,
    notFound: !isSelf && (!valid || (isApiError(query.error) && query.error.status === 404)),
    query,
  };
}
