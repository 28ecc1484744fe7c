/** Set by vite.config.ts from APP_ENV at build time ('development' | 'test' | 'production'). */
declare const __APP_ENV__: string;
/** Set by vite.config.ts from the root package.json: the release version, when no server says it. */
declare const __APP_VERSION__: string;
