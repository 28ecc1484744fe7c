import path from 'node:path';
import { z } from 'zod';

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
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV !== 'production') return;
    for (const key of ['APP_KEY', 'ADMIN_EMAIL', 'ADMIN_PASSWORD'] as const) {
      if (!env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required in production` });
    }
  });

export type Env = z.input<typeof envSchema>;

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
  return {
    env: env.APP_ENV,
    isProduction: env.APP_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
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
  };
}
