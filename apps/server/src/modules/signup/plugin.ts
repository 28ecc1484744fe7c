import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { signupRoutes } from './routes';
import { createSignupService, type SignupService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Customer self-registration outside production (modules/signup). */
    signup: SignupService;
  }
}

/** The sign-up module: a customer account and its first session (through the auth module). */
export const signupModule = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    app.decorate('signup', createSignupService({ db, users: app.directory, auth: app.auth }));
    await app.register(signupRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'signup',
    dependencies: ['directory', 'auth', 'rate-limits'],
    decorators: { fastify: ['directory', 'auth', 'config', 'database', 'rateLimits'] },
  },
);
