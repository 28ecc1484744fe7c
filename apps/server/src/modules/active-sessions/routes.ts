import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeSessionsSchema, dataOf, messageBodySchema, SESSION_MESSAGES } from '@portal/contract';
import { clientInfo } from '../../lib/client-info';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { authOf } from '../tokens';
import { presentActiveSession } from './presenter';

/** The Profile 'Sessions' card (API paths auth/sessions…; the tokens themselves are modules/tokens). */
export const activeSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const sessions = app.activeSessions;
  const tags = ['auth'];

  app.get(
    '/auth/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listActiveSessions',
        tags,
        summary: 'This and the other active sessions of the signed-in user',
        security: bearerSecurity,
        response: { 200: dataOf(activeSessionsSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user, sessionId } = authOf(request);
      const rows = await sessions.list(user.id);
      return { data: rows.map((row) => presentActiveSession(row, sessionId)) };
    },
  );

  app.post(
    '/auth/sessions/revoke-others',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'signOutOtherSessions',
        tags,
        summary: 'Sign out every other session of the signed-in user',
        security: bearerSecurity,
        response: { 200: dataOf(messageBodySchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user, sessionId } = authOf(request);
      await sessions.revokeOthers(user.id, sessionId, clientInfo(request));
      return { data: { message: SESSION_MESSAGES.othersRevoked } };
    },
  );
};
