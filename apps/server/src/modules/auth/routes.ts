import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  externalLoginQuerySchema,
  loginRequestSchema,
  MESSAGES,
  twoFactorChallengeSchema,
  twoFactorVerifySchema,
  refreshRequestSchema,
  sessionSchema,
  userSchema,
} from '@portal/contract';
import { clientInfo } from '../../lib/client-info';
import { AppError } from '../../lib/errors';
import { bearerSecurity, described, errorResponses } from '../../lib/openapi';
import { rememberByIdentity, rememberingSerializerCompiler } from '../../lib/remembering-serializer';
import { presentUser } from '../users/presenter';
import type { UserRecord } from '../users/queries';
import { authOf } from './guard';
import { presentSession } from './presenter';
import { createAuthService } from './service';
import { createTwoFactor } from './two-factor/service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const auth = createAuthService({
    db,
    config: app.config,
    sessionCache: app.sessionCache,
    twoFactor: createTwoFactor({ db, mailer: app.mailer, appKey: app.config.appKey, now: app.now }),
    publish: app.realtime.publish,
    now: app.now,
  });
  const tags = ['auth'];
  // A cached (frozen) user yields one frozen payload, serialized once: see rememberingSerializerCompiler.
  const mePayload = rememberByIdentity((user: UserRecord) => {
    const payload = { data: presentUser(user) };
    return Object.isFrozen(user) ? Object.freeze(payload) : payload;
  });

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with an email or username and a password',
        body: loginRequestSchema,
        response: {
          200: dataOf(sessionSchema),
          202: described(
            dataOf(twoFactorChallengeSchema),
            'Two-factor: a code was mailed; send it as authKey',
          ),
          ...errorResponses(400, 401, 422, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const result = await auth.signIn(request.body, clientInfo(request));
      if (result.kind === 'challenge') {
        return reply.status(202).send({ data: { secret: result.secret, message: result.message } });
      }
      return { data: presentSession(result.session) };
    },
  );

  app.post(
    '/two-fa/verify',
    {
      schema: {
        tags,
        summary: 'Finish a two-factor sign-in with the mailed code and the secret of the 202',
        body: twoFactorVerifySchema,
        response: { 200: dataOf(sessionSchema), ...errorResponses(400, 422) },
      },
    },
    async (request) => ({
      data: presentSession(
        await auth.verifyTwoFactor(request.body.secret, request.body.code, clientInfo(request)),
      ),
    }),
  );

  // The token exchange comes with the LD/TS integration issue; until then every token fails.
  app.get(
    '/auth/external-login',
    {
      schema: {
        tags,
        summary: 'Sign in with a token of a linked external app (not yet available: always 401)',
        querystring: externalLoginQuerySchema,
        response: errorResponses(401),
      },
    },
    async () => {
      throw new AppError(401, MESSAGES.externalLoginFailed);
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new token pair (the old pair stops working)',
        body: refreshRequestSchema,
        response: { 200: dataOf(sessionSchema), ...errorResponses(400, 401, 422) },
      },
    },
    async (request) => ({
      data: presentSession(await auth.refresh(request.body.refresh_token, clientInfo(request))),
    }),
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Sign out: revokes the session of this token',
        security: bearerSecurity,
        response: { 204: z.null().describe('Signed out'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { sessionId, user } = authOf(request);
      await auth.signOut(sessionId, user.id, clientInfo(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.authenticate,
      serializerCompiler: rememberingSerializerCompiler,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: bearerSecurity,
        response: { 200: dataOf(userSchema), ...errorResponses(401) },
      },
    },
    (request) => mePayload(authOf(request).user),
  );
};
