import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { smsOutboxRoutes } from './routes';
import { createSmsOutboxService, type SmsOutboxService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS outbox, for admins outside production (modules/sms-outbox). */
    smsOutbox: SmsOutboxService;
  }
}

/** The sms-outbox module: what the SMS gateway (in development, its simulator) holds. */
export const smsOutboxModule = fp(
  async (app: FastifyInstance) => {
    app.decorate('smsOutbox', createSmsOutboxService({ client: app.smsClient }));
    await app.register(smsOutboxRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'sms-outbox',
    dependencies: ['tokens', 'integrations'],
    decorators: { fastify: ['config', 'requireRoles', 'smsClient'] },
  },
);
