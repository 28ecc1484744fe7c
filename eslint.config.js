// Flat config. typescript-eslint's syntactic "recommended" set only: type-aware rules would need a
// TypeScript program per workspace and make `npm run lint` several times slower; `npm run typecheck`
// already runs tsc over every project.
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Server layering (docs/architecture.md "Layering"). A module uses another only through what that
// module exports for others, its index.ts (`../users`, never `../users/service`), at any folder
// depth: import-x resolves each import to its file, as on the web side. The plugins are imported by
// modules/index.ts alone. Routes never touch repositories: they parse, call their module's service
// and present. SQL (drizzle-orm) and the table definitions (db/schema) are for repository files
// only. Shared code (lib/, db/, plugins/, mail/, integrations/, simulators/, config.ts) never
// imports a module.
const toArchitecture = 'see docs/architecture.md "Layering"';
const SERVER = 'apps/server/src';
const serverModules = readdirSync(`${SERVER}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const routesUseServices = {
  message: `Routes call their module's service (app.<module>), never a repository; ${toArchitecture}.`,
};
const sqlInRepositories = {
  message: `SQL and table definitions belong in the module's repository (repository.ts, *-repository.ts); ${toArchitecture}.`,
};
const noSql = [
  { regex: '^drizzle-orm(/|$)', ...sqlInRepositories },
  { regex: '(^|/)db/(schema|repository)(/|$)', ...sqlInRepositories },
];
const repositoryFiles = [`${SERVER}/modules/**/repository.ts`, `${SERVER}/modules/**/*-repository.ts`];
const moduleFiles = [`${SERVER}/modules/**/*.ts`];
const testFiles = ['**/*.test.ts'];
const serverLayering = [
  {
    files: moduleFiles,
    ignores: [...testFiles, ...repositoryFiles],
    rules: { 'no-restricted-imports': ['error', { patterns: noSql }] },
  },
  {
    files: [`${SERVER}/modules/**/routes.ts`, `${SERVER}/modules/**/*-routes.ts`],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: `Route schemas come from the contract (@portal/contract), and lib/openapi.ts for what only the document needs; ${toArchitecture}.`,
            },
          ],
          patterns: [
            ...noSql,
            { regex: '(^|/)repository$', ...routesUseServices },
            { regex: '.', importNamePattern: 'Repository$', ...routesUseServices },
          ],
        },
      ],
    },
  },
  {
    files: moduleFiles,
    ignores: testFiles,
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: serverModules.map((module) => ({
            target: `${SERVER}/modules/${module}`,
            from: `${SERVER}/modules`,
            // The user directory is below every module: it imports none (decision 0034).
            except:
              module === 'directory'
                ? ['./directory']
                : [
                    `./${module}`,
                    ...serverModules
                      .filter((other) => other !== module)
                      .map((other) => `./${other}/index.ts`),
                  ],
            message:
              module === 'directory'
                ? `The user directory imports no module: it is what every module builds on (docs/decisions/0034-user-directory.md).`
                : `Use another module only through its index.ts (\`../users\`, not \`../users/service\`); modules/index.ts alone imports plugins; ${toArchitecture}.`,
          })),
        },
      ],
    },
  },
];

// Web layering (bulletproof-react): code flows shared → features → app. One zone per feature, read
// from the folder, so a new feature is covered without touching this file.
const WEB = 'apps/web/src';
const webFeatures = readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_LAYERS_DOC = 'See docs/architecture.md "Layers".';

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/coverage/',
    'data/',
    'apps/server/drizzle/',
    'test-results/',
    'playwright-report/',
    'bench/results/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or binding that is required by a signature but not used.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // STYLE.md: `import type` for types (verbatimModuleSyntax makes tsc insist too).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },

  // Node: the server, the tooling around it and every root-level config file.
  {
    files: [
      'apps/server/**/*.{ts,js,mjs}',
      'packages/**/*.{ts,js,mjs}',
      'e2e/**/*.{ts,mjs}',
      'bench/**/*.{ts,mjs}',
      '.ci/**/*.{js,mjs}',
      'scripts/**/*.{js,mjs}',
      '*.{js,mjs,cjs,ts}',
      'apps/web/vite.config.ts',
    ],
    languageOptions: { globals: globals.node },
  },

  // Browser: the SPA, with the Rules of React (hooks + React Compiler checks).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },

  // The browser's bundle: the contract is compiled into the web app, so both stay off classic zod.
  {
    files: ['packages/contract/**/*.{ts,tsx,js,mjs}', 'apps/web/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['zod', 'zod/v4', 'zod/v3'].map((name) => ({
            name,
            message:
              "Classic zod is not tree-shakable: it puts ~25 KB gzipped (JSON Schema converter included) into the web's first-load bundle. Use `import * as z from 'zod/mini'`.",
          })),
        },
      ],
    },
  },

  // Web layering: no feature imports another feature; features never import app/; shared/ imports
  // neither. import-x resolves each import to its file, so relative paths of any depth are checked.
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...webFeatures.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [`./${feature}`],
              message: `A feature never imports another feature: move what both use into shared/. ${WEB_LAYERS_DOC}`,
            })),
            {
              target: `${WEB}/features`,
              from: `${WEB}/app`,
              message: `Features never import app/ (the app composes features, not the reverse). ${WEB_LAYERS_DOC}`,
            },
            {
              target: `${WEB}/shared`,
              from: [`${WEB}/features`, `${WEB}/app`],
              message: `shared/ never imports features/ or app/. ${WEB_LAYERS_DOC}`,
            },
          ],
        },
      ],
      // Query keys come from the factories of shared/api/query-keys.ts only, so queries, prefetches
      // and invalidations agree.
      'no-restricted-syntax': [
        'error',
        ...[
          // A literal key, bare or dressed as a type (`as const`, `satisfies`).
          'Property[key.name="queryKey"] > ArrayExpression',
          'Property[key.name="queryKey"] > TSAsExpression > ArrayExpression',
          'Property[key.name="queryKey"] > TSSatisfiesExpression > ArrayExpression',
          // The key is a cache call's first argument (the second may well be an array: the data).
          ...['ArrayExpression', 'TSAsExpression', 'TSSatisfiesExpression'].map(
            (node) =>
              `CallExpression[callee.property.name=/^(getQueryData|setQueryData|getQueryState|removeQueries)$/] > ${node}.arguments:first-child${node === 'ArrayExpression' ? '' : ' > ArrayExpression.expression'}`,
          ),
        ].map((selector) => ({
          selector,
          message:
            'Take the query key from its factory in shared/api/query-keys.ts (userKeys.detail(id), …).',
        })),
      ],
    },
  },

  ...serverLayering,
  {
    files: [
      'apps/server/src/{lib,db,plugins,mail,integrations,simulators,ops}/**/*.ts',
      'apps/server/src/config.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules(/|$)',
              message: `Shared code does not depend on modules: move what both need into lib/ or db/; ${toArchitecture}.`,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/app.ts', 'apps/server/src/main.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\./modules/[^/]+/.+',
              message: `Modules are registered by modules/index.ts and used through their index.ts; ${toArchitecture}.`,
            },
          ],
        },
      ],
    },
  },

  // Tests may poke at internals.
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
]);
