import { defineConfig } from 'vitest/config';

// One config, three projects: `npx vitest run --project server|contract|web` runs one of them.
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
    ],
  },
});
