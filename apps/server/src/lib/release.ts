import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverRoot } from './paths';

/** Which release this is: the root package.json's version and the git commit it was built from. */
export type Release = { version: string; commit: string };

/** Written into the bundle by build.mjs (esbuild `define`); absent when the sources run (tests, tsx). */
declare const __PORTAL_RELEASE__: Release | undefined;

/** From the sources: the version in package.json, the commit of the work tree (or PORTAL_COMMIT). */
function releaseOfSources(): Release {
  const root = path.resolve(serverRoot, '../..');
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { version, commit: process.env.PORTAL_COMMIT || commitOf(root) };
}

/** The checked-out commit, or 'unknown' outside a git work tree (a source tarball, an image). */
export function commitOf(dir: string): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return 'unknown';
  }
}

export const release: Release =
  typeof __PORTAL_RELEASE__ === 'undefined' ? releaseOfSources() : __PORTAL_RELEASE__;
