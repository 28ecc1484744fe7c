import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  RATE_LIMITS,
  sessionSchema,
  ssoCallbackRequestSchema,
  ssoStartRequestSchema,
  ssoStartSchema,
} from '@portal/contract';
import { clientInfo } from '../../../lib/client-info';
import { described, errorResponses } from '../../../lib/openapi';
import { presentSession } from '../../auth';

/** docs/api.md "Single sign-on": start a sign-in at a provider, finish it with the provider's answer. */
export const ssoSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ssoSignIn } = app;
  const tags = ['single sign-on'];
  const limited = app.rateLimits.perAddress(RATE_LIMITS.ssoSignIn);

  app.post(
    '/auth/sso/start',
    {
      onRequest: limited,
      schema: {
        operationId: 'startSsoSignIn',
        tags,
        summary: 'Start a sign-in at an identity provider: where to send the browser, and the attempt secret',
        body: ssoStartRequestSchema,
        response: { 200: dataOf(ssoStartSchema), ...errorResponses(400, 404, 409, 422, 429, 502) },
      },
    },
    async (request) => ({ data: await ssoSignIn.start(request.body.provider_id, clientInfo(request)) }),
  );

  app.post(
    '/auth/sso/callback',
    {
      onRequest: limited,
      schema: {
        operationId: 'finishSsoSignIn',
        tags,
        summary: "Finish a sign-in with the provider's redirect parameters and the attempt secret",
        body: ssoCallbackRequestSchema,
        response: {
          200: dataOf(sessionSchema),
          201: described(dataOf(sessionSchema), 'Signed in: a new portal user was made for the identity'),
          ...errorResponses(400, 401, 409, 422, 429, 502),
        },
      },
    },
    async (request, reply) => {
      const { session, created } = await ssoSignIn.finish(request.body, clientInfo(request));
      return reply.status(created ? 201 : 200).send({ data: presentSession(session) });
    },
  );
};
