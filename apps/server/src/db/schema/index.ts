/**
 * Every table of the portal (drizzle), one file per part of the product; migrations are generated
 * from these files (apps/server/drizzle.config.ts) into apps/server/drizzle/.
 */
export * from './core';
export * from './account-security';
export * from './linked-apps';
export * from './ns-bi';
export * from './rate-limits';
export * from './bulk-jobs';
export * from './passkeys';
export * from './sso';
