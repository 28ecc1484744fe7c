import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  define: { __APP_ENV__: JSON.stringify('test'), __APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Screens typed into field by field (user forms) outgrow the 5 s default on a busy CI machine.
    testTimeout: 15_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
