import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  loginRequestSchema,
  refreshRequestSchema,
  sessionSchema,
  userSchema,
} from '@portal/contract';
import { clientInfo } from '../../lib/client-info';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { rememberByIdentity, rememberingSerializerCompiler } from '../../lib/remembering-serializer';
import { presentUser } from '../users/presenter';
import type { UserRecord } from '../users/queries';
import { authOf } from './guard';
import { presentSession } from './presenter';
import { createAuthService } from './service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService({ db: app.database.db, config: app.config, sessionCache: app.sessionCache });
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
        response: { 200: dataOf(sessionSchema), ...errorResponses(400, 401, 422, 429) },
      },
    },
    async (request) => ({ data: presentSession(await auth.signIn(request.body, clientInfo(request))) }),
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
    async (request) => mePayload(authOf(request).user),
  );
};
