import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createSsoRepository } from '../repository';
import { ssoSignInRoutes } from './routes';
import { createSsoSignIn, type SsoSignIn } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signing in with an identity provider (modules/sso/sign-in). */
    ssoSignIn: SsoSignIn;
  }
}

/** Single sign-on, part two: the sign-in flow, which ends in the auth module's session (after auth). */
export const ssoSignInModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'ssoSignIn',
      createSsoSignIn({
        db: app.database.db,
        sso: createSsoRepository(app.database.db),
        providers: app.sso,
        users: app.directory,
        auth: app.auth,
        appKey: app.config.appKey,
        redirectUri: `${app.config.appUrl}/sso/callback`,
        fetch: app.oidcFetch,
        allowHttp: !app.config.isProduction,
        timeoutMs: app.config.linkedApps.timeoutMs,
        now: app.now,
      }),
    );
    await app.register(ssoSignInRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'sso-sign-in',
    dependencies: ['directory', 'sso', 'auth', 'integrations', 'rate-limits'],
    decorators: {
      fastify: ['auth', 'config', 'database', 'directory', 'now', 'oidcFetch', 'rateLimits', 'sso'],
    },
  },
);
