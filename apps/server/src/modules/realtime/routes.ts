import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  broadcastingAuthSchema,
  broadcastingTicketSchema,
  dataOf,
  RATE_LIMITS,
  REALTIME,
  realtimeQuerySchema,
} from '@portal/contract';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { eventStreamBody } from '../../lib/openapi-media';
import { authOf } from '../tokens';

/** docs/api.md "Realtime": a ticket for one's own channel, then the stream as Server-Sent Events. */
/** What a subscriber reads, for the document. */
const eventStream = eventStreamBody(
  `retry: ${REALTIME.retryMs}\n: subscribed\n\nevent: ${REALTIME.loginEvent}\ndata: {"userId":42,"at":"2026-03-02T09:15:00.000Z"}\n\n`,
);

export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.realtime;
  const tags = ['realtime'];

  app.post(
    '/broadcasting/auth',
    {
      onRequest: [app.authenticate, app.rateLimits.perUser(RATE_LIMITS.realtimeTickets)],
      schema: {
        operationId: 'issueRealtimeTicket',
        tags,
        summary: 'A single-use ticket (60 s) to subscribe to your own login-notification channel',
        security: bearerSecurity,
        body: broadcastingAuthSchema,
        response: { 200: dataOf(broadcastingTicketSchema), ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => ({
      data: {
        ticket: await service.issueTicket(
          authOf(request).user.id,
          request.body.channel_name,
          authOf(request).sessionId,
        ),
      },
    }),
  );

  app.get(
    '/realtime',
    {
      schema: {
        operationId: 'streamEvents',
        tags,
        summary: `Server-Sent Events of a ticket's channel (event ${REALTIME.loginEvent})`,
        querystring: realtimeQuerySchema,
        response: {
          200: {
            description: `A text/event-stream that stays open: a heartbeat comment every ${REALTIME.heartbeatMs / 1000} s, and ${REALTIME.loginEvent} events (data: {userId, at}) when the user signs in elsewhere`,
            content: { 'text/event-stream': { schema: eventStream } },
          },
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      const { channel, owner } = await service.redeemTicket(request.query.ticket);
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
      app.realtime.hub.add(channel, res, owner);
    },
  );
};
