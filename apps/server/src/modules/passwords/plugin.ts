import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createResetTokenRepository } from './repository';
import { passwordRoutes } from './routes';
import { createPasswordService, type PasswordService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgot password and reset by mailed link (modules/passwords). */
    passwords: PasswordService;
  }
}

/** The passwords module: reset links by mail, rate limited; a reset ends every session. */
export const passwordsModule = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    app.decorate(
      'passwords',
      createPasswordService({
        db,
        users: app.directory,
        resetTokens: createResetTokenRepository(db),
        tokens: app.tokens,
        rateLimits: app.rateLimits,
        mailer: app.mailer,
        throttle: app.throttle,
        appUrl: app.config.appUrl,
        now: app.now,
      }),
    );
    await app.register(passwordRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'passwords',
    dependencies: ['directory', 'tokens', 'rate-limits', 'mailer', 'throttle'],
    decorators: {
      fastify: ['directory', 'config', 'database', 'mailer', 'now', 'rateLimits', 'throttle', 'tokens'],
    },
  },
);
