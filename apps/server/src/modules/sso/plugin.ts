import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createSsoRepository } from './repository';
import { ssoRoutes } from './routes';
import { createSsoService, type SsoService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Identity providers, their lookup and "SSO required", user ↔ identity links (modules/sso). */
    sso: SsoService;
  }
}

/**
 * Single sign-on, part one: the identity providers and links (registered before auth, which asks
 * it whether a password sign-in must go to a provider instead). The sign-in flow is sign-in/plugin.ts.
 */
export const ssoModule = fp(
  async (app: FastifyInstance) => {
    const service = createSsoService({
      db: app.database.db,
      sso: createSsoRepository(app.database.db),
      users: app.directory,
      appKey: app.config.appKey,
      requireHttps: app.config.isProduction,
      now: app.now,
    });
    app.decorate('sso', service);
    const simulator = app.idpSimulator;
    const domain = app.config.sso.simulator?.domain;
    if (simulator && domain)
      app.addHook('onReady', () =>
        service.configureSimulator({
          issuer: simulator.issuer,
          domain,
          clientId: simulator.client.id,
          clientSecret: simulator.client.secret,
        }),
      );
    await app.register(ssoRoutes, { prefix: API_PREFIX, redirectUri: `${app.config.appUrl}/sso/callback` });
  },
  {
    name: 'sso',
    dependencies: ['directory', 'tokens', 'integrations', 'rate-limits'],
    decorators: {
      fastify: [
        'authenticate',
        'config',
        'database',
        'directory',
        'idpSimulator',
        'now',
        'rateLimits',
        'requireRoles',
      ],
    },
  },
);
