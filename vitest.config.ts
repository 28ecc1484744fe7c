import { defineConfig } from 'vitest/config';

// One config, four projects: `npx vitest run --project server|contract|web|checks` runs one of them
// (checks: the repository's own rules — lint rules and docs that must stay true).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] },
      },
      './apps/web/vitest.config.ts',
      { test: { name: 'checks', root: './checks', include: ['*.test.ts'], testTimeout: 60_000 } },
    ],
  },
});
