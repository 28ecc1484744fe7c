import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, forgotPasswordSchema, messageBodySchema, passwordResetSchema } from '@portal/contract';
import { clientInfo } from '../../lib/client-info';
import { errorResponses } from '../../lib/openapi';
import { createPasswordService } from './service';

/** API.md "Passwords". */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const passwords = createPasswordService({
    db: app.database.db,
    mailer: app.mailer,
    sessionCache: app.sessionCache,
    appUrl: app.config.appUrl,
    now: app.now,
  });
  const tags = ['passwords'];

  app.post(
    '/passwords/forgot',
    {
      schema: {
        tags,
        summary: 'Mail a reset link (the same answer whether or not the email exists)',
        body: forgotPasswordSchema,
        response: { 200: dataOf(messageBodySchema), ...errorResponses(400, 422, 429) },
      },
    },
    async (request) => ({
      data: { message: await passwords.forgot(request.body.email, clientInfo(request)) },
    }),
  );

  app.post(
    '/passwords/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link; ends every session',
        body: passwordResetSchema,
        response: { 200: dataOf(messageBodySchema), ...errorResponses(400, 422) },
      },
    },
    async (request) => ({ data: { message: await passwords.reset(request.body, clientInfo(request)) } }),
  );
};
