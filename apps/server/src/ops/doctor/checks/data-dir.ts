import { mkdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fail, pass, reasonOf, type Check } from '../types';

/** Below this, PGlite's files (and a backup beside them) may not fit: say so before it is full. */
export const MIN_FREE_BYTES = 1024 ** 3;

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GiB`;

/** DATA_DIR (PGlite's files, the backup socket) is writable and has room. */
export const checkDataDir: Check = async ({ config }) => {
  const dir = config.dataDir;
  if (config.databaseUrl) return pass('DATA_DIR', `not used: the database is PostgreSQL`);
  if (dir === 'memory://') return pass('DATA_DIR', 'memory:// (nothing is kept)');
  try {
    mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.doctor-${process.pid}`);
    writeFileSync(probe, 'probe');
    rmSync(probe);
  } catch (err) {
    return fail(
      'DATA_DIR',
      `${dir} is not writable: ${reasonOf(err)}`,
      "give the portal's user the folder (in the image: a volume at /data, uid 10001)",
    );
  }
  const { bavail, bsize } = statfsSync(dir);
  const free = bavail * bsize;
  if (free < MIN_FREE_BYTES)
    return fail(
      'DATA_DIR',
      `${dir} has ${gib(free)} free`,
      `free space or grow the volume: keep at least ${gib(MIN_FREE_BYTES)}`,
    );
  return pass('DATA_DIR', `${dir} is writable, ${gib(free)} free`);
};
