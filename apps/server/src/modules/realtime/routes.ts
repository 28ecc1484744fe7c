import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  broadcastingAuthSchema,
  broadcastingTicketSchema,
  dataOf,
  REALTIME,
  realtimeQuerySchema,
} from '@portal/contract';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { authOf } from '../tokens';

/** API.md "Realtime": a ticket for one's own channel, then the stream as Server-Sent Events. */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.realtime;
  const tags = ['realtime'];

  app.post(
    '/broadcasting/auth',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A single-use ticket (60 s) to subscribe to your own login-notification channel',
        security: bearerSecurity,
        body: broadcastingAuthSchema,
        response: { 200: dataOf(broadcastingTicketSchema), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => ({
      data: { ticket: await service.issueTicket(authOf(request).user.id, request.body.channel_name) },
    }),
  );

  app.get(
    '/realtime',
    {
      schema: {
        tags,
        summary: `Server-Sent Events of a ticket's channel (event ${REALTIME.loginEvent})`,
        querystring: realtimeQuerySchema,
        response: errorResponses(401),
      },
    },
    async (request, reply) => {
      const channel = await service.redeemTicket(request.query.ticket);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        // The security headers and the request id the onRequest hook set on the reply.
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${REALTIME.retryMs}\n: subscribed\n\n`);
      app.realtime.hub.add(channel, res);
    },
  );
};
