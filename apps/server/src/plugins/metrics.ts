import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { API_PREFIX, MESSAGES } from '@portal/contract';
import type { RemoteCallResult } from '../integrations/remote';

export type Metrics = {
  /** Counts a finished call to LD, TS or the BI server (integration clients report here). */
  observeRemote: (call: RemoteCallResult) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics (GET /metrics with METRICS_TOKEN); a no-op when the token is unset. */
    metrics: Metrics;
  }
}

/** Sign-in routes whose answer is an outcome worth counting, and what each status means. */
const SIGN_IN_ROUTES = new Set(
  ['auth/login', 'auth/external-login', 'two-fa/verify'].map((p) => `${API_PREFIX}/${p}`),
);
const signInOutcome = (status: number) =>
  status === 200
    ? 'succeeded'
    : status === 202
      ? 'second_factor'
      : status === 401 || status === 422
        ? 'failed'
        : status === 423 || status === 429
          ? 'locked'
          : 'error';

/** Seconds buckets of the portal's answers: its API answers in milliseconds, exports take longer. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /metrics in the Prometheus text format (prom-client): requests by route and status with their
 * latency, DB pool use, SSE connections, sign-in outcomes, LD/TS/BI call latency and failures, and
 * the process's own (memory, event loop, GC). Only with METRICS_TOKEN set, behind `Authorization:
 * Bearer <token>`; unset, nothing is counted and /metrics is a plain 404 (docs/operations.md).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const token = app.config.metricsToken;
    if (!token) {
      app.decorate('metrics', { observeRemote: () => {} });
      return;
    }
    // One registry per app (tests build several apps in one process).
    const register = new Registry();
    collectDefaultMetrics({ register, prefix: 'portal_' });
    const requests = new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [register],
    });
    const duration = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: HTTP_BUCKETS,
      registers: [register],
    });
    const signIns = new Counter({
      name: 'portal_sign_ins_total',
      help: 'Sign-in attempts (password, LD/TS hand-off, second factor) by outcome',
      labelNames: ['route', 'outcome'] as const,
      registers: [register],
    });
    const remoteDuration = new Histogram({
      name: 'portal_remote_call_duration_seconds',
      help: 'Calls to Live Dispatch, Tattle Systems and the BI server, by system and outcome',
      labelNames: ['system', 'outcome'] as const,
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [register],
    });
    const remoteFailures = new Counter({
      name: 'portal_remote_call_failures_total',
      help: 'Calls to LD, TS or BI that failed: unreachable, timeout, or a 5xx answer',
      labelNames: ['system', 'reason'] as const,
      registers: [register],
    });
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'Connections of the PostgreSQL pool by state (absent on PGlite)',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        const stats = app.database.poolStats?.();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'portal_sse_connections',
      help: 'Open Server-Sent Events streams on this instance',
      registers: [register],
      collect() {
        if (app.hasDecorator('realtime')) this.set(app.realtime.hub.size);
      },
    });

    app.decorate('metrics', {
      observeRemote(call) {
        const outcome = String(call.outcome);
        remoteDuration.observe({ system: call.system, outcome }, call.seconds);
        if (typeof call.outcome !== 'number')
          remoteFailures.inc({ system: call.system, reason: call.outcome });
        else if (call.outcome >= 500) remoteFailures.inc({ system: call.system, reason: 'status_5xx' });
      },
    });

    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern, never the raw URL (ids would make a series per user); 404s share one.
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      if (request.method === 'POST' && SIGN_IN_ROUTES.has(route))
        signIns.inc({ route: route.slice(API_PREFIX.length + 1), outcome: signInOutcome(reply.statusCode) });
      done();
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ message: MESSAGES.unauthenticated });
      }
      return reply.header('content-type', register.contentType).send(await register.metrics());
    });
  },
  { name: 'metrics' },
);
