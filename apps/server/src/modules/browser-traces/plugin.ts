import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createRelayTokens, type RelayTokens } from './relay-token';
import { browserTraceRoutes } from './routes';
import { createBrowserTraceService, type BrowserTraceService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The browser-trace relay and its tokens (modules/browser-traces); undefined when tracing is off. */
    browserTraces: (BrowserTraceService & { tokens: RelayTokens }) | undefined;
  }
}

/** The browser-traces module: only when the server traces (OTEL_EXPORTER_OTLP_ENDPOINT). */
export const browserTracesModule = fp(
  async (app: FastifyInstance) => {
    const collector = app.collectorClient;
    if (!collector) {
      app.decorate('browserTraces', undefined);
      return;
    }
    const traces = {
      ...createBrowserTraceService({ collector, log: app.log }),
      tokens: createRelayTokens(app.config.appKey, app.now),
    };
    app.decorate('browserTraces', traces);
    await app.register(browserTraceRoutes(traces), { prefix: API_PREFIX });
  },
  {
    name: 'browser-traces',
    dependencies: ['rate-limits', 'integrations'],
    decorators: { fastify: ['collectorClient', 'config', 'now', 'rateLimits'] },
  },
);
