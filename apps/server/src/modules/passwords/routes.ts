import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  forgotPasswordSchema,
  messageBodySchema,
  PASSWORD_MESSAGES,
  passwordResetSchema,
} from '@portal/contract';
import { clientInfo } from '../../lib/client-info';
import { errorResponses } from '../../lib/openapi';

/** docs/api.md "Passwords". */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { passwords } = app;
  const tags = ['passwords'];

  app.post(
    '/passwords/forgot',
    {
      schema: {
        operationId: 'requestPasswordReset',
        tags,
        summary: 'Mail a reset link (the same answer whether or not the email exists)',
        body: forgotPasswordSchema,
        response: { 200: dataOf(messageBodySchema), ...errorResponses(400, 422, 429) },
      },
    },
    async (request) => {
      await passwords.forgot(request.body.email, clientInfo(request));
      return { data: { message: PASSWORD_MESSAGES.resetLinkSent } };
    },
  );

  app.post(
    '/passwords/reset',
    {
      schema: {
        operationId: 'resetPassword',
        tags,
        summary: 'Set a new password with the token of a reset link; ends every session',
        body: passwordResetSchema,
        response: { 200: dataOf(messageBodySchema), ...errorResponses(400, 422) },
      },
    },
    async (request) => {
      await passwords.reset(request.body, clientInfo(request));
      return { data: { message: PASSWORD_MESSAGES.resetDone } };
    },
  );
};
