import { ENV_VARIABLES } from '../../config';

/** A variable whose whole value is a secret; a URL's password is masked wherever it is. */
const SECRET_NAME = /KEY|PASSWORD|TOKEN|SECRET/;

export function maskValue(name: string, value: string): string {
  if (SECRET_NAME.test(name)) return `•••••• (${value.length} characters)`;
  try {
    const url = new URL(value);
    if (url.password) {
      url.password = 'masked'; // a URL percent-encodes the dots; put them in after
      return url.toString().replace(':masked@', ':••••••@');
    }
  } catch {
    // not a URL: shown as it is
  }
  return value;
}

/**
 * Every setting the server reads, its value (secrets masked) and where it came from: the
 * environment (`outside`: the names set before the env file was read), the env file, or the
 * default (docs/operations.md "Configure").
 */
export function describeSettings(env: NodeJS.ProcessEnv, outside: ReadonlySet<string>): string[] {
  const width = Math.max(...ENV_VARIABLES.map((name) => name.length));
  return ENV_VARIABLES.map((name) => {
    const value = env[name];
    const label = name.padEnd(width);
    if (value === undefined || value === '') return `  ${label}  (default)`;
    const source = outside.has(name) ? 'environment' : 'env file';
    return `  ${label}  ${maskValue(name, value)}  (${source})`;
  });
}
