/** Set by vite.config.ts from APP_ENV at build time ('development' | 'test' | 'production'). */
declare const __APP_ENV__: string;

interface ImportMetaEnv {
  /** Optional override of the external API documentation link in the sidebar. */
  readonly VITE_API_DOCS_URL?: string;
  /** Optional override of the external BI Designer link in the sidebar. */
  readonly VITE_BI_DESIGNER_URL?: string;
}
