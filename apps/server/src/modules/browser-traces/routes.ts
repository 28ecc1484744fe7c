import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BROWSER_TRACES, browserTraceBatchSchema, MESSAGES, RATE_LIMITS } from '@portal/contract';
import { AppError } from '../../lib/errors';
import type { RelayTokens } from './relay-token';
import type { BrowserTraceService } from './service';

/**
 * `POST telemetry/traces`: the page's spans, relayed to the collector. Not product API, so not in
 * the OpenAPI document; refused before the body is read without a good token (401) or past the
 * address's rate limit (429).
 */
export const browserTraceRoutes =
  (traces: BrowserTraceService & { tokens: RelayTokens }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/telemetry/traces',
      {
        bodyLimit: BROWSER_TRACES.maxBytes,
        onRequest: [
          async (request) => {
            if (!traces.tokens.verify(request.headers[BROWSER_TRACES.tokenHeader], request.ip))
              throw new AppError(401, MESSAGES.unauthenticated);
          },
          app.rateLimits.perAddress(RATE_LIMITS.traceRelay),
        ],
        schema: { hide: true, body: browserTraceBatchSchema },
      },
      async (request, reply) => {
        await traces.relay(request.body);
        // A fresh token with every answer: a page open for hours keeps sending.
        return reply.header(BROWSER_TRACES.tokenHeader, traces.tokens.issue(request.ip)).status(202).send();
      },
    );
  };
