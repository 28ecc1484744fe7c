import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createLinkRepository } from './repository';
import { linkedAppRoutes } from './routes';
import { createLinkedAppsService, type LinkedAppsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Links to LD and TS accounts, and sign-in with them (modules/linked-apps). */
    linkedApps: LinkedAppsService;
  }
}

/** The linked-apps module: LD and TS accounts linked to portal users, reached only through their clients. */
export const linkedAppsModule = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    const { ld, ts } = app.config.linkedApps;
    app.decorate(
      'linkedApps',
      createLinkedAppsService({
        db,
        users: app.directory,
        links: createLinkRepository(db),
        throttle: app.throttle,
        tokens: app.tokens,
        dispatch: app.dispatchClient,
        telemetry: app.telemetryClient,
        appKey: app.config.appKey,
        appUrls: { ld: ld.appUrl, ts: ts.appUrl },
        now: app.now,
      }),
    );
    await app.register(linkedAppRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'linked-apps',
    dependencies: ['directory', 'tokens', 'throttle', 'integrations'],
    decorators: {
      fastify: [
        'directory',
        'authenticate',
        'config',
        'database',
        'dispatchClient',
        'now',
        'telemetryClient',
        'throttle',
        'tokens',
      ],
    },
  },
);
