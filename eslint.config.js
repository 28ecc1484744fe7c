// Flat config. typescript-eslint's syntactic "recommended" set only: type-aware rules would need a
// TypeScript program per workspace and make `npm run lint` several times slower; `npm run typecheck`
// already runs tsc over every project.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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

  // Tests may poke at internals.
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
]);
