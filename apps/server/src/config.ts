import path from 'node:path';
import { z } from 'zod';
import { DEMO_BI_SERVICE_ACCOUNT } from './simulators/fixtures';

const booleanish = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const envSchema = z
  .object({
    APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    APP_URL: z.url().optional(),
    APP_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'APP_KEY must be 64 hex characters (32 bytes)')
      .optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(60),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
    TRUST_PROXY: booleanish.default(false),
    WEB_DIST: z.string().optional(),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
    /** smtp://user:pass@host:port or smtps://…; without it mail goes to the outbox table (development). */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('"Customer Portal" <no-reply@localhost>'),
    /** Linked apps (docs/integrations.md). Unset API URL: the simulator of that system runs, mounted under /sim. */
    LD_URL: z.url().optional(),
    TS_URL: z.url().optional(),
    /** Where the Applications card opens the app (default: the simulator's page, or the API URL's origin). */
    LD_APP_URL: z.url().optional(),
    TS_APP_URL: z.url().optional(),
    /** Simulators in production only when asked; elsewhere they fill in for every unset URL. */
    SIMULATORS: booleanish.optional(),
    SIMULATOR_FIXTURES: z.string().optional(),
    /** Idle lifetime of a session of the TS simulator (Tattle Systems: 30 minutes). */
    TS_SIMULATOR_SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
    EXTERNAL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
    /** The BI server (Dundas BI) REST API. Unset: the BI simulator runs, mounted under /sim/bi. */
    BI_URL: z.url().optional(),
    /** Where browsers open BI views (embedded frames); default BI_URL, or /sim/bi on our origin. */
    BI_PUBLIC_URL: z.url().optional(),
    BI_SERVICE_ACCOUNT: z.string().min(1).optional(),
    BI_SERVICE_PASSWORD: z.string().min(1).optional(),
    /** Developer Resources' API summary frame (default: the TS simulator's, or {TS_URL origin}/docs). */
    TS_API_DOCS_URL: z.url().optional(),
    /** The Analysis/AI frame (default: the BI server's /analysis page). */
    ANALYSIS_URL: z.url().optional(),
    /** Bearer token of GET /metrics (Prometheus); unset: no metrics are kept and /metrics is 404. */
    /** OTLP/HTTP collector (e.g. http://otel-collector:4318); unset: no tracing at all. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    /** Share of requests traced, 0–1 (docs/product.md §9: 1). */
    OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  })
  .superRefine((env, ctx) => {
    const simulators = env.SIMULATORS ?? env.APP_ENV !== 'production';
    if (env.BI_URL && !env.BI_SERVICE_PASSWORD)
      ctx.addIssue({
        code: 'custom',
        path: ['BI_SERVICE_PASSWORD'],
        message: 'BI_SERVICE_PASSWORD is required with BI_URL',
      });
    for (const key of ['LD_URL', 'TS_URL', 'BI_URL'] as const) {
      if (!simulators && !env[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required when the simulators are off (production without SIMULATORS=on)`,
        });
    }
    if (env.APP_ENV !== 'production') return;
    for (const key of ['APP_KEY', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required in production` });
    }
  });

export type Env = z.input<typeof envSchema>;

/** Every variable the server reads (.env.example must list each one: config.test.ts checks). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as Array<keyof Env>;

export type AppConfig = {
  env: 'development' | 'test' | 'production';
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  appKey: Buffer;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { email: string | undefined; password: string | undefined };
  logLevel: string;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  trustProxy: boolean;
  webDist: string;
  shutdownGraceMs: number;
  mail: { smtpUrl: string | undefined; from: string };
  linkedApps: LinkedAppsConfig;
  bi: BiConfig;
  /**
   * The Analysis and API summary frames. Absolute when configured (or derived from TS_URL); a path on
   * our own origin when a simulator serves them (see BiConfig.publicUrl).
   */
  resources: { tsApiDocsUrl: string; analysisUrl: string };
  metricsToken: string | undefined;
  /** OpenTelemetry tracing; undefined when OTEL_EXPORTER_OTLP_ENDPOINT is unset. */
  tracing: { endpoint: string; sampleRate: number; serviceName: string } | undefined;
};

/**
 * The BI server. `apiUrl` undefined: the simulator is mounted at /sim/bi. `publicUrl`: the origin
 * and path browsers load views from. With the simulator it is the path `/sim/bi`, relative to the
 * page's own origin: the portal opened at 127.0.0.1, localhost or the machine's address then frames
 * its own host, whatever APP_URL says (docs/decisions/0021-spec-conformance.md).
 */
export type BiConfig = {
  apiUrl: string | undefined;
  publicUrl: string;
  serviceAccount: { name: string; password: string };
};

/** One linked app: its API (undefined: the simulator is mounted at `/sim/{app}`) and where its card opens. */
export type LinkedAppConfig = { apiUrl: string | undefined; appUrl: string };
export type LinkedAppsConfig = {
  ld: LinkedAppConfig;
  ts: LinkedAppConfig;
  timeoutMs: number;
  simulatorFixtures: string | undefined;
  tsSimulatorSessionIdleMs: number;
};

/** A fixed development key: only ever used outside production, where a real APP_KEY is required. */
const DEV_APP_KEY = '0'.repeat(63) + '1';

/** Parses the environment once; throws a readable error listing every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const biPublicUrl = (env.BI_PUBLIC_URL ?? env.BI_URL ?? '/sim/bi').replace(/\/$/, '');
  return {
    env: env.APP_ENV,
    isProduction: env.APP_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    appUrl,
    appKey: Buffer.from(env.APP_KEY ?? DEV_APP_KEY, 'hex'),
    // 'memory://' (tests) is a PGlite mode, not a folder: resolving it made a real 'memory:' folder.
    dataDir: env.DATA_DIR === 'memory://' ? env.DATA_DIR : path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    logLevel: env.LOG_LEVEL,
    accessTokenTtlMs: env.ACCESS_TOKEN_TTL_MINUTES * 60_000,
    refreshTokenTtlMs: env.REFRESH_TOKEN_TTL_DAYS * 86_400_000,
    trustProxy: env.TRUST_PROXY,
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    linkedApps: {
      ld: linkedApp(env.LD_URL, env.LD_APP_URL, 'ld'),
      ts: linkedApp(env.TS_URL, env.TS_APP_URL, 'ts'),
      timeoutMs: env.EXTERNAL_TIMEOUT_MS,
      simulatorFixtures: env.SIMULATOR_FIXTURES ? path.resolve(env.SIMULATOR_FIXTURES) : undefined,
      tsSimulatorSessionIdleMs: env.TS_SIMULATOR_SESSION_IDLE_MINUTES * 60_000,
    },
    resources: {
      // The TS simulator serves the API summary beside its page; a real TS says where in TS_API_DOCS_URL.
      tsApiDocsUrl:
        env.TS_API_DOCS_URL ?? (env.TS_URL ? `${new URL(env.TS_URL).origin}/docs` : '/sim/ts/docs'),
      analysisUrl: env.ANALYSIS_URL ?? `${biPublicUrl}/analysis`,
    },
    metricsToken: env.METRICS_TOKEN,
    tracing: env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
          sampleRate: env.OTEL_TRACES_SAMPLER_ARG,
          serviceName: 'customer-portal',
        }
      : undefined,
    bi: {
      apiUrl: env.BI_URL?.replace(/\/$/, ''),
      publicUrl: biPublicUrl,
      // Without BI_URL these are the simulator's service account (docs/integrations.md demo data).
      serviceAccount: {
        name: env.BI_SERVICE_ACCOUNT ?? DEMO_BI_SERVICE_ACCOUNT.name,
        password: env.BI_SERVICE_PASSWORD ?? DEMO_BI_SERVICE_ACCOUNT.password,
      },
    },
  };
}

/**
 * Unset API URL: the simulator runs, and the card opens the simulator's page on the page's own
 * origin (a path, so the host the browser used is kept).
 */
function linkedApp(apiUrl: string | undefined, appUrl: string | undefined, app: string) {
  const api = apiUrl?.replace(/\/$/, '');
  return { apiUrl: api, appUrl: appUrl ?? (api ? new URL(api).origin : `/sim/${app}/`) };
}
