import { API_PREFIX } from '@portal/contract';

/**
 * The server's APP_ENV: what the serving server says in index.html (`<meta name="app-env">`, at run
 * time, issue 18.8), else the value fixed at build time (vite.config.ts; the dev server, tests).
 */
export const readAppEnv = (doc: Pick<Document, 'querySelector'> | undefined = globalThis.document) =>
  doc?.querySelector('meta[name="app-env"]')?.getAttribute('content') || __APP_ENV__;
export const APP_ENV = readAppEnv();
export const isProduction = APP_ENV === 'production';

/**
 * Links that leave the SPA. The API docs UI is served by our own server; the BI Designer is the BI
 * server's own UI (its simulator is mounted under /sim/bi when no external BI is configured).
 */
export const EXTERNAL_LINKS = {
  apiDocs: import.meta.env.VITE_API_DOCS_URL ?? `${API_PREFIX}/docs`,
  biDesigner: import.meta.env.VITE_BI_DESIGNER_URL ?? '/sim/bi/',
} as const;
