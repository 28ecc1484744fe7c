import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createDeviceCookies } from './device-cookie';
import { authRoutes } from './routes';
import { createAuthService, type AuthService } from './service';
import { createChallengeRepository } from './two-factor/repository';
import { createTwoFactor } from './two-factor/service';
import { createCodeTexts } from './two-factor/texts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signing in and out: credentials, two-factor codes, hand-offs, refresh (modules/auth). */
    auth: AuthService;
  }
}

/**
 * The auth module: sign-in with portal or LD/TS credentials (with two-factor by mailed, and maybe
 * texted, code),
 * hand-off sign-in, refresh and sign-out. Tokens themselves are the tokens module's.
 */
export const authModule = fp(
  async (app: FastifyInstance) => {
    const db = app.database.db;
    const { smsClient } = app;
    const texts =
      smsClient &&
      app.config.sms &&
      createCodeTexts({
        client: smsClient,
        countryCode: app.config.sms.countryCode,
        log: app.log,
        count: app.metrics.countSms,
      });
    app.decorate(
      'auth',
      createAuthService({
        db,
        users: app.directory,
        tokens: app.tokens,
        throttle: app.throttle,
        deviceCookies: createDeviceCookies(app.config.appKey),
        externalAccounts: app.linkedApps,
        singleSignOn: app.sso,
        twoFactor: createTwoFactor({
          db,
          challenges: createChallengeRepository(db),
          mailer: app.mailer,
          texts,
          appKey: app.config.appKey,
          now: app.now,
          throttle: app.throttle,
        }),
        publish: app.realtime.publish,
        now: app.now,
      }),
    );
    await app.register(authRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'auth',
    dependencies: [
      'directory',
      'tokens',
      'throttle',
      'linked-apps',
      'sso',
      'realtime',
      'mailer',
      'integrations',
      'metrics',
    ],
    decorators: {
      fastify: [
        'directory',
        'authenticate',
        'config',
        'database',
        'linkedApps',
        'mailer',
        'metrics',
        'now',
        'realtime',
        'smsClient',
        'sso',
        'throttle',
        'tokens',
      ],
    },
  },
);
