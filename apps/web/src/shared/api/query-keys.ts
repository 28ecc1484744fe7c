import type { PagedListParams } from '../ui/data-table/list-params';

/**
 * Every query key of the web app, one factory per resource (TkDodo's "query key factories"). Keys
 * are written here and nowhere else (lint forbids a literal `queryKey: [...]`), so a query, its
 * prefetch and every invalidation agree, and a feature can invalidate what another one shows
 * without importing that feature. A broader key is a prefix of the narrower ones below it:
 * invalidating `userKeys.all` refreshes every list, user and report-access screen at once.
 */

/** GET auth/me: the signed-in user. */
export const meKeys = { all: ['auth', 'me'] as const };

/** GET auth/sessions: the signed-in user's devices. */
export const sessionKeys = { all: ['auth', 'sessions'] as const };

/** GET auth/passkeys: the signed-in user's passkeys. */
export const passkeyKeys = { all: ['auth', 'passkeys'] as const };

/** GET system-settings. */
export const systemSettingKeys = { all: ['system-settings'] as const };

/** GET resource-links: where the framed pages load from. */
export const resourceLinkKeys = { all: ['resource-links'] as const };

/** GET linked-apps: where Live Dispatch and Tattle Systems open. */
export const linkedAppKeys = { all: ['linked-apps'] as const };

/** GET roles/available. */
export const roleKeys = {
  all: ['roles'] as const,
  available: () => [...roleKeys.all, 'available'] as const,
};

/** The BI server's answers: projects (admin), the caller's items, a one-time view of an item. */
export const biKeys = {
  all: ['bi'] as const,
  projects: () => [...biKeys.all, 'projects'] as const,
  projectItems: () => [...biKeys.all, 'project-items'] as const,
  view: (itemId: string) => [...biKeys.all, 'view', itemId] as const,
};

/** Users (admin lists, one user, a user's report access). */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: PagedListParams & { blocked: boolean }) => [...userKeys.lists(), params] as const,
  nsbiList: (params: PagedListParams) => [...userKeys.all, 'nsbi', params] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  reports: (id: number) => [...userKeys.detail(id), 'reports'] as const,
};

/** GET users/bulk/{id}: a bulk job's progress (apart from userKeys: a users refresh must not re-read it). */
export const bulkJobKeys = {
  all: ['bulk-jobs'] as const,
  detail: (id: number) => [...bulkJobKeys.all, id] as const,
};

/** GET usage/clicks?days=. */
export const usageKeys = {
  all: ['usage'] as const,
  clicks: (days: number) => [...usageKeys.all, days] as const,
};

/** GET audit-log?… (the list's params and filters). */
export const auditKeys = {
  all: ['audit-log'] as const,
  list: (params: object) => [...auditKeys.all, params] as const,
};

/** GET mail/outbox?page=. */
export const outboxKeys = {
  all: ['mail', 'outbox'] as const,
  page: (page: number) => [...outboxKeys.all, page] as const,
};

/** GET sms/outbox. */
export const smsOutboxKeys = {
  all: ['sms', 'outbox'] as const,
};

/** Single sign-on: identity providers (admin), their links, the caller's links (My Profile). */
export const ssoKeys = {
  all: ['sso'] as const,
  providers: () => [...ssoKeys.all, 'providers'] as const,
  providerLinks: (id: number) => [...ssoKeys.all, 'providers', id, 'links'] as const,
  myLinks: () => [...ssoKeys.all, 'my-links'] as const,
  userLinks: (userId: number) => [...ssoKeys.all, 'users', userId, 'links'] as const,
};
