import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createOutboxRepository } from './repository';
import { mailOutboxRoutes } from './routes';
import { createOutboxService, type OutboxService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The development mail outbox, for admins outside production (modules/mail-outbox). */
    mailOutbox: OutboxService;
  }
}

/** The mail-outbox module: reads what the mailer (src/mail) kept instead of sending. */
export const mailOutboxModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('mailOutbox', createOutboxService({ outbox: createOutboxRepository(app.database.db) }));
    await app.register(mailOutboxRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'mail-outbox',
    dependencies: ['tokens'],
    decorators: { fastify: ['config', 'database', 'requireRoles'] },
  },
);
