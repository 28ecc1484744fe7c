import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The server package's root. Source files sit at src/<dir>/x.ts and the bundle at dist/main.js,
 * so walk up until the migrations folder appears rather than hard-coding a depth.
 */
export const serverRoot = (() => {
  let dir = here;
  for (let i = 0; i < 4; i += 1) {
    if (existsSync(path.join(dir, 'drizzle'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error(`Cannot find the server package root from ${here}`);
})();

export const migrationsFolder = path.join(serverRoot, 'drizzle');
