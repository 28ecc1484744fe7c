import type { AppConfig } from '../../config';

/** One line of the doctor's report: ✓ or ✗, what was found, and on ✗ the fix to try. */
export type Finding = { ok: boolean; name: string; detail: string; fix?: string };

export type DoctorContext = {
  config: AppConfig;
  /** The variables as the process sees them (environment, then the env file). */
  env: NodeJS.ProcessEnv;
  /** How long a network check waits for an answer. */
  timeoutMs: number;
};

/**
 * One thing the doctor checks. A new check is a file in checks/ and one entry in CHECKS
 * (doctor/index.ts); its findings are printed in that order.
 */
export type Check = (context: DoctorContext) => Promise<Finding | Finding[]>;

export const pass = (name: string, detail: string): Finding => ({ ok: true, name, detail });
export const fail = (name: string, detail: string, fix: string): Finding => ({
  ok: false,
  name,
  detail,
  fix,
});

/** An error's own words: a network failure's cause (ECONNREFUSED …) rather than "fetch failed". */
export const reasonOf = (err: unknown): string => {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? err.cause.message : '';
  return cause && !err.message.includes(cause) ? `${err.message} (${cause})` : err.message;
};
