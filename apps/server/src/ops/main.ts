import path from 'node:path';
import { loadConfig } from '../config';
import { loadEnvFile } from '../lib/env-file';
import { backup, restore } from './backup';
import { runDoctor } from './doctor';

const USAGE = `Usage (docs/operations.md):
  npm run doctor               check the configuration and everything it points at
  npm run backup -- FILE       back up the database while the portal serves
  npm run restore -- FILE      restore into an empty DATA_DIR or database, the portal stopped`;

/** A file named on the command line, relative to where the operator typed it (npm moves to the project). */
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

/** The operator's commands, with the settings the server would start with (env, then .env). */
async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  const outside = new Set(Object.keys(process.env));
  loadEnvFile();
  if (command === 'doctor')
    return runDoctor({ env: process.env, outside, print: (line) => console.log(line) });
  if ((command === 'backup' || command === 'restore') && file) {
    const config = loadConfig();
    const message =
      command === 'backup' ? await backup(config, fromCaller(file)) : await restore(config, fromCaller(file));
    console.log(message);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
