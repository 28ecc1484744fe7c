/**
 * The server's APP_ENV: what the serving server says in index.html (`<meta name="app-env">`, at run
 * time), else the value fixed at build time (vite.config.ts; the dev server, tests).
 */
export const readAppEnv = (doc: Pick<Document, 'querySelector'> | undefined = globalThis.document) =>
  doc?.querySelector('meta[name="app-env"]')?.getAttribute('content') || __APP_ENV__;
export const APP_ENV = readAppEnv();
export const isProduction = APP_ENV === 'production';

/**
 * The release the serving server reports (`<meta name="app-version">` and `app-commit`, the same as
 * its /healthz), else the version fixed at build time (the dev server, tests): the sidebar's footer.
 */
export function readReleaseLabel(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document) {
  const meta = (name: string) => doc?.querySelector(`meta[name="${name}"]`)?.getAttribute('content') || '';
  const version = meta('app-version') || __APP_VERSION__;
  const commit = meta('app-commit');
  return /^[0-9a-f]{7,}$/.test(commit) ? `version ${version} (${commit.slice(0, 7)})` : `version ${version}`;
}
export const RELEASE_LABEL = readReleaseLabel();
