import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createReauth } from '../users';
import { createPasskeyChallengeRepository, createPasskeyRepository } from './repository';
import { passkeyRoutes } from './routes';
import { createPasskeyService, relyingPartyOf, type PasskeyService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Passkeys: the Profile card and signing in with one (modules/passkeys). */
    passkeys: PasskeyService;
  }
}

/**
 * The passkeys module: WebAuthn credentials of users, added and managed on the Profile, and a
 * sign-in with one. Challenges live in the database, so any instance answers any ceremony; the
 * session itself is the auth module's.
 */
export const passkeysModule = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    app.decorate(
      'passkeys',
      createPasskeyService({
        db,
        passkeys: createPasskeyRepository(db),
        challenges: createPasskeyChallengeRepository(db),
        users: app.directory,
        auth: app.auth,
        confirmCurrentPassword: createReauth({ users: app.directory, throttle: app.throttle, now: app.now }),
        relyingParty: relyingPartyOf(app.config.appUrl),
        appKey: app.config.appKey,
        now: app.now,
      }),
    );
    await app.register(passkeyRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'passkeys',
    dependencies: ['directory', 'tokens', 'throttle', 'rate-limits', 'auth'],
    decorators: {
      fastify: ['auth', 'authenticate', 'config', 'database', 'directory', 'now', 'rateLimits', 'throttle'],
    },
  },
);
