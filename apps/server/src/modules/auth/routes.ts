import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  externalLoginQuerySchema,
  loginRequestSchema,
  twoFactorChallengeSchema,
  twoFactorVerifySchema,
  refreshRequestSchema,
  sessionSchema,
  userSchema,
} from '@portal/contract';
import { clientInfo } from '../../lib/client-info';
import { bearerSecurity, described, errorResponses, noContent } from '../../lib/openapi';
import { rememberByIdentity, rememberingSerializerCompiler } from '../../lib/remembering-serializer';
import { authOf } from '../tokens';
import type { UserRecord } from '../directory';
import { presentUser } from '../users';
import { presentChallenge, presentSession } from './presenter';

/** docs/api.md "Auth": sign-in (credentials, two-factor code, hand-off), refresh, sign-out, who am I. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app;
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
        operationId: 'signIn',
        tags,
        summary: 'Sign in with an email or username and a password',
        description:
          'Portal credentials first, then Live Dispatch, then Tattle Systems (by email). An external account ' +
          'signs in the portal user linked to it; with no link, a portal user is created and linked (201).',
        body: loginRequestSchema,
        response: {
          200: dataOf(sessionSchema),
          201: described(
            dataOf(sessionSchema),
            'Signed in with an LD/TS account: a new portal user was made',
          ),
          202: described(
            dataOf(twoFactorChallengeSchema),
            'Two-factor: a code was mailed; send it as authKey',
          ),
          ...errorResponses(400, 401, 409, 422, 429, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const result = await auth.signIn(request.body, clientInfo(request), {
        cookieHeader: request.headers.cookie,
        secure: request.protocol === 'https',
      });
      if (result.kind === 'challenge') return reply.status(202).send({ data: presentChallenge(result) });
      if (result.deviceCookie) reply.header('set-cookie', result.deviceCookie);
      return reply.status(result.created ? 201 : 200).send({ data: presentSession(result.session) });
    },
  );

  app.post(
    '/two-fa/verify',
    {
      schema: {
        operationId: 'verifyTwoFactor',
        tags,
        summary: 'Finish a two-factor sign-in with the mailed code and the secret of the 202',
        body: twoFactorVerifySchema,
        response: { 200: dataOf(sessionSchema), ...errorResponses(400, 422) },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const signedIn = await auth.verifyTwoFactor(
        body.secret,
        body.code,
        clientInfo(request),
        request.protocol === 'https',
      );
      if (signedIn.deviceCookie) reply.header('set-cookie', signedIn.deviceCookie);
      return { data: presentSession(signedIn) };
    },
  );

  app.get(
    '/auth/external-login',
    {
      schema: {
        operationId: 'signInWithHandOff',
        tags,
        summary: 'Sign in with a hand-off token from Live Dispatch or Tattle Systems (single use, 60 s)',
        querystring: externalLoginQuerySchema,
        response: { 200: dataOf(sessionSchema), ...errorResponses(401, 409, 422, 502) },
      },
    },
    async (request) => ({
      data: presentSession(await auth.signInWithHandOff(request.query.token ?? '', clientInfo(request))),
    }),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        operationId: 'refreshSession',
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
        operationId: 'signOut',
        tags,
        summary: 'Sign out: revokes the session of this token',
        security: bearerSecurity,
        response: { 204: noContent('Signed out'), ...errorResponses(401) },
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
        operationId: 'getMe',
        tags,
        summary: 'The signed-in user',
        security: bearerSecurity,
        response: { 200: dataOf(userSchema), ...errorResponses(401) },
      },
    },
    (request) => mePayload(authOf(request).user),
  );
};
