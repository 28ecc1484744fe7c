import { loadConfig, type AppConfig } from '../../config';
import { checkAppUrl } from './checks/app-url';
import { checkDatabase } from './checks/database';
import { checkDataDir } from './checks/data-dir';
import { checkMail } from './checks/mail';
import { checkNetwork } from './checks/network';
import { checkPooler } from './checks/pooler';
import { checkRemoteSystems } from './checks/remote-systems';
import { checkSms } from './checks/sms';
import { describeSettings } from './settings';
import type { Check, Finding } from './types';

/**
 * What `npm run doctor` checks, in this order. A new check: a file in checks/ returning one or
 * more findings, and its entry here.
 */
export const CHECKS: Check[] = [
  checkDatabase,
  checkPooler,
  checkMail,
  checkRemoteSystems,
  checkSms,
  checkAppUrl,
  checkNetwork,
  checkDataDir,
];

export const formatFinding = ({ ok, name, detail, fix }: Finding) =>
  ok ? `✓ ${name}: ${detail}` : `✗ ${name}: ${detail} — try: ${fix}`;

export type DoctorOptions = {
  env: NodeJS.ProcessEnv;
  /** The names set in the environment before the env file was read (the rest came from it). */
  outside: ReadonlySet<string>;
  print: (line: string) => void;
  checks?: Check[];
  timeoutMs?: number;
};

/**
 * Prints every setting with its source, then one ✓/✗ line per finding. Answers the exit status:
 * 1 when anything failed (an invalid configuration stops before the checks), else 0.
 */
export async function runDoctor({ env, outside, print, checks = CHECKS, timeoutMs = 5000 }: DoctorOptions) {
  print('Settings (environment, env file, or default; secrets masked):');
  describeSettings(env, outside).forEach((line) => print(line));
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (err) {
    const lines = (err instanceof Error ? err.message : String(err)).split('\n').slice(1);
    lines.forEach((line) =>
      print(
        formatFinding({
          ok: false,
          name: 'Configuration',
          detail: line.trim(),
          fix: 'set it as .env.example describes',
        }),
      ),
    );
    print('The other checks need a valid configuration.');
    return 1;
  }
  print(formatFinding({ ok: true, name: 'Configuration', detail: `valid (${config.env})` }));
  let failed = 0;
  for (const check of checks) {
    const found = await check({ config, env, timeoutMs }).catch((err: unknown): Finding => ({
      ok: false,
      name: 'Doctor',
      detail: `a check failed unexpectedly: ${err instanceof Error ? err.message : String(err)}`,
      fix: 'report this with the output above',
    }));
    for (const finding of [found].flat()) {
      if (!finding.ok) failed += 1;
      print(formatFinding(finding));
    }
  }
  print(failed ? `${failed} problem${failed === 1 ? '' : 's'} found.` : 'All checks passed.');
  return failed ? 1 : 0;
}
