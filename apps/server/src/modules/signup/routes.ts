import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, RATE_LIMITS, sessionSchema, signUpSchema } from '@portal/contract';
import { clientInfo } from '../../lib/client-info';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/openapi';
import { presentSession } from '../auth';

/** docs/api.md auth/signup: 201 Session; 404 in production (checked before the body is read). */
export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/signup',
    {
      onRequest: [
        async () => {
          if (app.config.isProduction) throw AppError.notFound();
        },
        app.rateLimits.perAddress(RATE_LIMITS.signUp),
      ],
      schema: {
        operationId: 'signUp',
        tags: ['auth'],
        summary: 'Register a customer account (not in production)',
        body: signUpSchema,
        response: { 201: dataOf(sessionSchema), ...errorResponses(400, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await app.signup.signUp(request.body, clientInfo(request));
      return reply.status(201).send({ data: presentSession(signedIn) });
    },
  );
};
