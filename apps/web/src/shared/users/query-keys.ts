/**
 * Root of every users query key (list pages and single users). Several features change users
 * (users admin, logo, settings, profile); invalidating this prefix refreshes whatever shows them.
 */
export const USERS_QUERY_ROOT = ['users'] as const;
