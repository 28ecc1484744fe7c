import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEMO_BI_SERVICE_ACCOUNT, DEMO_SMS_ACCOUNT } from './simulators/fixtures';

const booleanish = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'])
  .transform((v) => ['1', 'true', 'on', 'yes'].includes(v));

const envSchema = z
  .object({
    // No defaults here: whether they were set at all decides the safe defaults (see loadConfig).
    APP_ENV: z.enum(['development', 'test', 'production']).optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().optional(),
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
    /**
     * Straight to PostgreSQL when DATABASE_URL is a connection pooler: what needs a session of its
     * own (LISTEN for realtime and session revocation, migrations under their lock, backups).
     */
    DATABASE_DIRECT_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_DIRECT_URL must be a postgres:// URL')
      .optional(),
    /**
     * What DATABASE_URL reaches: `transaction` (a transaction-pooling PgBouncer or alike: no session
     * state is kept between transactions) or `none` (PostgreSQL, or a session-pooling pooler).
     * Unset: `transaction` when DATABASE_DIRECT_URL is set, else found at start (decision 0031).
     */
    DATABASE_POOLER: z.enum(['transaction', 'none']).optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(6).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ACCESS_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(60),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
    /** Absolute lifetime of a sign-in's refresh family (rotation does not extend it). */
    REFRESH_FAMILY_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** How long audit rows are kept; housekeeping deletes older ones (at least 30 days). */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(30).max(36_500).default(400),
    /**
     * Which proxies' X-Forwarded-For to believe: a hop count (1 = the nearest proxy) or a
     * comma-separated list of proxy addresses/CIDRs; false/0/off: none. Never "everyone".
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, ctx): number | string[] | false => {
        const v = value.trim().toLowerCase();
        if (['false', 'off', 'no', '0', ''].includes(v)) return false;
        if (/^\d+$/.test(v)) return Number(v);
        if (['true', 'on', 'yes'].includes(v)) {
          ctx.addIssue({
            code: 'custom',
            message:
              'TRUST_PROXY must be a hop count (e.g. 1) or a list of proxy addresses, not "true": trusting every X-Forwarded-For lets any client choose its IP',
          });
          return z.NEVER;
        }
        return v
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
      }),
    WEB_DIST: z.string().optional(),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
    /**
     * How long a client may take to send a whole request, headers and body (a 10 MB logo at
     * 85 KB/s); then 408 and the connection closes. Streams of answers (SSE, CSV) are not bound by it.
     */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
    /** The API docs UI at /api/v1.0/docs (default: on, off in production). */
    API_DOCS: booleanish.optional(),
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
    /**
     * The SMS gateway: Twilio's Messages API or one that speaks it (docs/integrations.md "SMS gateway").
     * Unset: the SMS simulator at /sim/sms outside production; in production no texts (email only).
     */
    SMS_URL: z.url().optional(),
    /** The account id (Twilio: the Account SID), the user name of Basic auth and a path segment. */
    SMS_ACCOUNT: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'SMS_ACCOUNT must be the account id (letters, digits, - or _)')
      .optional(),
    SMS_TOKEN: z.string().min(1).max(256).optional(),
    /** The sender: a number in E.164 (+15551234567) or an alphanumeric sender id (at most 11 characters). */
    SMS_FROM: z
      .string()
      .regex(
        /^(\+[1-9]\d{6,14}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
        'SMS_FROM must be a number in E.164 (+15551234567) or an alphanumeric sender id of at most 11 characters',
      )
      .optional(),
    /** The country code put before the product's 10-digit phone numbers to make them E.164 (decision 0037). */
    SMS_COUNTRY_CODE: z
      .string()
      .regex(/^\+?[1-9]\d{0,2}$/, 'SMS_COUNTRY_CODE must be a country calling code such as +1 or +27')
      .default('+1')
      .transform((code) => (code.startsWith('+') ? code : `+${code}`)),
    /**
     * The email domain of the identity provider simulator's demo accounts (/sim/idp, outside
     * production only; docs/integrations.md "Identity provider simulator").
     */
    SSO_SIMULATOR_DOMAIN: z
      .string()
      .regex(/^([a-z0-9-]+\.)+[a-z]{2,63}$/, 'SSO_SIMULATOR_DOMAIN must be a lower-case domain name')
      .default('sso.example.com'),
    /** OTLP/HTTP collector (e.g. http://otel-collector:4318); unset: no tracing at all. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    /** Share of requests traced, 0–1 (docs/product.md §9: 1). */
    OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
    /** Bearer token of GET /metrics (Prometheus); unset: no metrics are kept and /metrics is 404. */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  })
  .superRefine((env, ctx) => {
    const simulators = env.SIMULATORS ?? env.APP_ENV !== 'production';
    // APP_ENV unset means "development": sign-up open, the LD demo account, the simulators' controls.
    // An APP_KEY alone does not make that safe on a network, so a non-loopback HOST needs APP_ENV said.
    if (!env.APP_ENV && env.HOST && !isLoopback(env.HOST))
      ctx.addIssue({
        code: 'custom',
        path: ['HOST'],
        message: `APP_ENV is unset, so the server would run in development mode (open sign-up, demo accounts${env.APP_KEY ? '' : ', the public development key'}); it refuses to listen on ${env.HOST}. Set APP_ENV=production (with APP_KEY, ADMIN_EMAIL, ADMIN_PASSWORD, SMTP_URL), or APP_ENV=development to run a development server there on purpose, or leave HOST unset (127.0.0.1).`,
      });
    if (env.BI_URL && !env.BI_SERVICE_PASSWORD)
      ctx.addIssue({
        code: 'custom',
        path: ['BI_SERVICE_PASSWORD'],
        message: 'BI_SERVICE_PASSWORD is required with BI_URL',
      });
    if (env.SMS_URL)
      for (const key of ['SMS_ACCOUNT', 'SMS_TOKEN', 'SMS_FROM'] as const)
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required with SMS_URL` });
    for (const key of ['LD_URL', 'TS_URL', 'BI_URL'] as const) {
      if (!simulators && !env[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is required when the simulators are off (production without SIMULATORS=on)`,
        });
    }
    if (env.APP_ENV !== 'production') return;
    for (const key of ['APP_KEY', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'SMTP_URL'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required in production` });
    }
  });

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export const isLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

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
  /** DATABASE_DIRECT_URL: PostgreSQL itself, for LISTEN, migrations and backups (else databaseUrl). */
  databaseDirectUrl: string | undefined;
  /** DATABASE_POOLER; undefined: decided at start (db/pooler.ts). */
  databasePooler: 'transaction' | 'none' | undefined;
  admin: { email: string | undefined; password: string | undefined };
  logLevel: string;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  refreshFamilyMaxMs: number;
  /** Audit rows older than this are deleted by housekeeping (AUDIT_RETENTION_DAYS). */
  auditRetentionMs: number;
  /** Fastify's trustProxy: a hop count or the proxies' addresses; false trusts no X-Forwarded-For. */
  trustProxy: number | string[] | false;
  /** Simulators stand in for unset LD/TS/BI URLs; in production (SIMULATORS=on) without demo accounts or /_sim controls. */
  simulators: { demoAccounts: boolean; controls: boolean };
  webDist: string;
  shutdownGraceMs: number;
  /** The time a client has to send a whole request (REQUEST_TIMEOUT_MS; decision 0024). */
  requestTimeoutMs: number;
  apiDocsUi: boolean;
  mail: { smtpUrl: string | undefined; from: string };
  linkedApps: LinkedAppsConfig;
  bi: BiConfig;
  /**
   * The Analysis and API summary frames. Absolute when configured (or derived from TS_URL); a path on
   * our own origin when a simulator serves them (see BiConfig.publicUrl).
   */
  resources: { tsApiDocsUrl: string; analysisUrl: string };
  /** Texts of security codes; undefined: none (email only). */
  sms: SmsConfig | undefined;
  metricsToken: string | undefined;
  /**
   * Single sign-on: `simulator` (outside production only) mounts the identity provider simulator at
   * /sim/idp and configures it as a provider when none is (docs/decisions/0043-single-sign-on.md).
   */
  sso: { simulator: { domain: string } | undefined };
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

/**
 * The SMS gateway (docs/integrations.md "SMS gateway"). `url` undefined: the SMS simulator is mounted
 * at /sim/sms (outside production only, decision 0037) with these credentials.
 */
export type SmsConfig = {
  url: string | undefined;
  account: string;
  token: string;
  from: string;
  /** Put before the product's 10-digit numbers, without their trunk 0 (decision 0037). */
  countryCode: string;
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
  const appEnv = env.APP_ENV ?? 'development';
  const isProduction = appEnv === 'production';
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const biPublicUrl = (env.BI_PUBLIC_URL ?? env.BI_URL ?? '/sim/bi').replace(/\/$/, '');
  return {
    env: appEnv,
    isProduction,
    port: env.PORT,
    // Unset APP_ENV: loopback only (the development key must not face a network).
    host: env.HOST ?? (env.APP_ENV ? '0.0.0.0' : '127.0.0.1'),
    appUrl,
    appKey: Buffer.from(env.APP_KEY ?? DEV_APP_KEY, 'hex'),
    // 'memory://' (tests) is a PGlite mode, not a folder: resolving it made a real 'memory:' folder.
    dataDir: env.DATA_DIR === 'memory://' ? env.DATA_DIR : path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseDirectUrl: env.DATABASE_URL ? env.DATABASE_DIRECT_URL : undefined,
    // A direct URL that differs from DATABASE_URL says DATABASE_URL is a pooler (decision 0031).
    databasePooler:
      env.DATABASE_POOLER ??
      (env.DATABASE_DIRECT_URL && env.DATABASE_DIRECT_URL !== env.DATABASE_URL ? 'transaction' : undefined),
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    logLevel: env.LOG_LEVEL,
    accessTokenTtlMs: env.ACCESS_TOKEN_TTL_MINUTES * 60_000,
    refreshTokenTtlMs: env.REFRESH_TOKEN_TTL_DAYS * 86_400_000,
    refreshFamilyMaxMs: env.REFRESH_FAMILY_MAX_DAYS * 86_400_000,
    auditRetentionMs: env.AUDIT_RETENTION_DAYS * 86_400_000,
    trustProxy: env.TRUST_PROXY,
    simulators: { demoAccounts: !isProduction, controls: !isProduction },
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    apiDocsUi: env.API_DOCS ?? !isProduction,
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
    sms: smsConfig(env, !isProduction && (env.SIMULATORS ?? true)),
    metricsToken: env.METRICS_TOKEN,
    sso: { simulator: isProduction ? undefined : { domain: env.SSO_SIMULATOR_DOMAIN } },
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
      // In production the in-process BI simulator gets a random password instead of the public demo one.
      serviceAccount: {
        name: env.BI_SERVICE_ACCOUNT ?? DEMO_BI_SERVICE_ACCOUNT.name,
        password:
          env.BI_SERVICE_PASSWORD ??
          (isProduction ? randomBytes(24).toString('base64url') : DEMO_BI_SERVICE_ACCOUNT.password),
      },
    },
  };
}

/**
 * SMS_URL set: that gateway. Unset: the simulator, outside production with the simulators on (a
 * production without a gateway sends no texts, so no notice names a phone nobody texted).
 */
function smsConfig(env: z.output<typeof envSchema>, simulated: boolean): SmsConfig | undefined {
  if (!env.SMS_URL && !simulated) return undefined;
  return {
    url: env.SMS_URL?.replace(/\/$/, ''),
    account: env.SMS_ACCOUNT ?? DEMO_SMS_ACCOUNT.account,
    token: env.SMS_TOKEN ?? DEMO_SMS_ACCOUNT.token,
    from: env.SMS_FROM ?? DEMO_SMS_ACCOUNT.from,
    countryCode: env.SMS_COUNTRY_CODE,
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
