import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { API_PREFIX } from '@portal/contract';
import type { RemoteCallResult } from '../integrations/remote';

export type Metrics = {
  /** Whether anything is counted (METRICS_TOKEN set); the metrics module serves /metrics only then. */
  enabled: boolean;
  /** Counts a finished call to LD, TS or the BI server (integration clients report here). */
  observeRemote: (call: RemoteCallResult) => void;
  /** Counts a security code's text: sent, or failed (the code went by email only). */
  countSms: (outcome: 'sent' | 'failed') => void;
  /**
   * A gauge read at each scrape, for a module that owns the number (realtime's open streams): the
   * module registers it, so metrics needs to know no module.
   */
  gauge: (name: string, help: string, read: () => number) => void;
  /** The Prometheus text exposition of everything counted. */
  render: () => Promise<{ contentType: string; body: string }>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics (served by modules/metrics with METRICS_TOKEN); a no-op when the token is unset. */
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

const off: Metrics = {
  enabled: false,
  observeRemote: () => {},
  countSms: () => {},
  gauge: () => {},
  render: () => Promise.reject(new Error('metrics are off (METRICS_TOKEN unset)')),
};

/**
 * What Prometheus scrapes (prom-client): requests by route and status with their latency, DB pool
 * use, sign-in outcomes, LD/TS/BI/SMS call latency and failures, texts of security codes, gauges modules register (SSE
 * connections), and the process's own (memory, event loop, GC). Counted only with METRICS_TOKEN set;
 * modules/metrics serves it. Unset, nothing is counted (docs/operations.md).
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.config.metricsToken) {
      app.decorate('metrics', off);
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
    const texts = new Counter({
      name: 'portal_sms_messages_total',
      help: 'Security codes texted through the SMS gateway, by outcome (failed: sent by email only)',
      labelNames: ['outcome'] as const,
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

    app.decorate('metrics', {
      enabled: true,
      gauge(name, help, read) {
        new Gauge({
          name,
          help,
          registers: [register],
          collect() {
            this.set(read());
          },
        });
      },
      countSms: (outcome) => texts.inc({ outcome }),
      render: async () => ({ contentType: register.contentType, body: await register.metrics() }),
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
  },
  { name: 'metrics', decorators: { fastify: ['config', 'database'] } },
);
