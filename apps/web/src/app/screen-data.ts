import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { META_KEYS, ROLE_IDS, hasRole, metaFlag, type User } from '@portal/contract';
import { parseAuditParams } from '../features/audit/api/get-audit-log';
import { linkedAppsQueryOptions } from '../features/applications/api/get-linked-apps';
import { passkeysQueryOptions } from '../features/profile/api/passkeys';
import { sessionsQueryOptions } from '../features/profile/api/sessions';
import { projectItemsQueryOptions } from '../features/reports/api/get-project-items';
import { viewQueryOptions } from '../features/reports/api/get-view';
import { auditLogQueryOptions } from '../features/audit/api/get-audit-log';
import { usersListParamsOf, usersQueryOptions } from '../features/users/api/get-users';
import { isMaintenanceOn, systemSettingsQueryOptions } from '../shared/api/get-system-settings';
import { getSession } from '../shared/session/session-store';
import { biProjectsQueryOptions } from '../shared/users/api/get-bi-projects';
import { getQueryClient } from './query-client';

/** The screens whose API answers are asked before their code has arrived (route-table.tsx). */
export type DataScreen = 'applications' | 'reports' | 'reportDetails' | 'profile' | 'users' | 'auditLog';

/**
 * Why the data is wanted: the router opens the screen (`navigation`), or the pointer or focus is
 * on a link to it (`intent`), when a one-use answer (a BI view token) must not be spent yet.
 */
export type PrefetchReason = 'navigation' | 'intent';

type Prefetch = (
  queryClient: QueryClient,
  url: URL,
  params: Record<string, string | undefined>,
  reason: PrefetchReason,
) => void;

const isAdmin = (user: User) => hasRole(user, [ROLE_IDS.admin]);
const ask = (queryClient: QueryClient, ...reads: unknown[]) => {
  for (const options of reads) void queryClient.prefetchQuery(options as FetchQueryOptions);
};

/**
 * NS BI's reports once the settings say no maintenance, as the screen asks them (in maintenance
 * the answer would be the 503 the screen shows anyway): both on their way before the chunk is.
 */
const reportItemsUnlessMaintenance = (queryClient: QueryClient) =>
  void queryClient
    .fetchQuery(systemSettingsQueryOptions())
    .then((settings) => {
      if (!isMaintenanceOn(settings)) ask(queryClient, projectItemsQueryOptions());
    })
    .catch(() => undefined); // the screen's own query shows the failure

/**
 * Each screen's reads, with the same queryOptions (key, fetcher, cache rules) as the screen's own
 * hooks, so the screen finds them in the cache or in flight (docs/architecture.md "One file per
 * endpoint"). A screen the user may not open asks nothing.
 */
const SCREENS: Record<DataScreen, (user: User) => Prefetch | null> = {
  applications: () => (queryClient) =>
    ask(queryClient, systemSettingsQueryOptions(), linkedAppsQueryOptions()),
  reports: (user) => (metaFlag(user, META_KEYS.nsbiEnabled) ? reportItemsUnlessMaintenance : null),
  reportDetails: (user) =>
    metaFlag(user, META_KEYS.nsbiEnabled)
      ? (queryClient, _url, { id }, reason) =>
          ask(
            queryClient,
            projectItemsQueryOptions(),
            ...(id && reason === 'navigation' ? [viewQueryOptions(id)] : []),
          )
      : null,
  profile: (user) => (queryClient) =>
    ask(
      queryClient,
      sessionsQueryOptions(),
      passkeysQueryOptions(),
      ...(isAdmin(user) ? [biProjectsQueryOptions()] : []),
    ),
  users: (user) =>
    isAdmin(user)
      ? (queryClient, url) => ask(queryClient, usersQueryOptions(usersListParamsOf(url.searchParams)))
      : null,
  auditLog: (user) =>
    isAdmin(user)
      ? (queryClient, url) => ask(queryClient, auditLogQueryOptions(parseAuditParams(url.searchParams)))
      : null,
};

/**
 * Starts a screen's API requests now, in parallel with its chunk, instead of after the chunk has
 * arrived and rendered (decision 0028). Fresh answers are not asked again; failures are left for
 * the screen's own query to show.
 */
export function prefetchScreenData(
  screen: DataScreen,
  url: URL,
  params: Record<string, string | undefined>,
  reason: PrefetchReason,
  queryClient: QueryClient = getQueryClient(),
) {
  const { token, user } = getSession();
  if (!token || !user) return;
  SCREENS[screen](user)?.(queryClient, url, params, reason);
}
