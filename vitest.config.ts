import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
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
        extends: false,
        test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] },
      },
      './apps/web/vitest.config.ts',

    ],
  },
});
