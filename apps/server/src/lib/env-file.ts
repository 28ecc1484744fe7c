import { existsSync } from 'node:fs';

/**
 * A `.env` in the working directory (see .env.example) fills in what the environment leaves unset;
 * the environment wins. `ENV_FILE` names another file, or none when empty: the e2e server and the
 * benchmarks start with it empty, so a developer's own .env never leaks into them. The server and
 * the operator's commands (doctor, backup, restore) read the same settings this way.
 */
export function loadEnvFile() {
  const file = process.env.ENV_FILE ?? '.env';
  if (file && existsSync(file)) process.loadEnvFile(file);
}
