import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { activeSessionsModule } from './active-sessions/plugin';
import { auditModule } from './audit/plugin';
import { authModule } from './auth/plugin';
import { biModule } from './bi/plugin';
import { reportAccessModule } from './bi/report-access/plugin';
import { reportFoldersModule } from './bi/report-folders/plugin';
import { browserTracesModule } from './browser-traces/plugin';
import { filesModule } from './files/plugin';
import { directoryModule } from './directory/plugin';
import { healthModule } from './health/plugin';
import { housekeepingModule, type HousekeepingOptions } from './housekeeping/plugin';
import { linkedAppsModule } from './linked-apps/plugin';
import { mailOutboxModule } from './mail-outbox/plugin';
import { metricsModule } from './metrics/plugin';
import { passkeysModule } from './passkeys/plugin';
import { passwordsModule } from './passwords/plugin';
import { rateLimitsModule } from './rate-limits/plugin';
import { realtimeModule } from './realtime/plugin';
import { resourcesModule } from './resources/plugin';
import { rolesModule } from './roles/plugin';
import { signupModule } from './signup/plugin';
import { ssoModule } from './sso/plugin';
import { ssoSignInModule } from './sso/sign-in/plugin';
import { smsOutboxModule } from './sms-outbox/plugin';
import { systemSettingsModule } from './system-settings/plugin';
import { throttleModule } from './throttle/plugin';
import { tokensModule } from './tokens/plugin';
import { usageModule } from './usage/plugin';
import { usersModule, type UsersModuleOptions } from './users/plugin';

/** What buildApp may hand the modules (each takes what it knows; tests pass fakes here). */
export type ModuleOptions = UsersModuleOptions & HousekeepingOptions;

/**
 * Every module of the server, in the order they are registered: a module comes after those it
 * names in its plugin's `dependencies` (fastify-plugin refuses to start otherwise). Add a module
 * here and nowhere else; see docs/architecture.md for what a module is made of.
 */
export const modules: FastifyPluginAsync<ModuleOptions>[] = [
  directoryModule, // the user directory (docs/decisions/0034-user-directory.md): below every module
  healthModule,
  metricsModule,
  tokensModule, // the guard every route uses: first
  rateLimitsModule,
  auditModule, // exports and reads of other modules are audited through it
  browserTracesModule,
  realtimeModule,
  throttleModule,
  systemSettingsModule,
  rolesModule,
  filesModule,
  linkedAppsModule,
  ssoModule, // identity providers: auth asks it whether a password sign-in must use SSO
  authModule,
  ssoSignInModule,
  signupModule,
  passwordsModule,
  activeSessionsModule,
  passkeysModule,
  biModule, // NS BI: accounts and projects, then report folders, then report access
  reportFoldersModule,
  reportAccessModule,
  usageModule,
  resourcesModule,
  usersModule,
  mailOutboxModule,
  smsOutboxModule,
  housekeepingModule,
];

export async function registerModules(app: FastifyInstance, options: ModuleOptions) {
  for (const module of modules) await app.register(module, options);
}
