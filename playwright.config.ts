import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { ADMIN, BASE_URL, E2E_PORT } from './e2e/fixtures';

const isCI = !!process.env.CI;

/**
 * End-to-end journeys against the built product (`npm run build` first; `npm run test:e2e` does it),
 * in the system Chromium: no browser download, the same binary CI installs from Debian packages.
 */
export default defineConfig({
  testDir: 'e2e',
  // One worker: the journeys share one server and one database, and CI has two cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx e2e/start-server.ts',
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: !isCI,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server close and the start script drop its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      ...(process.env as Record<string, string>),
      // development: the register link and sign-up behave as on a developer's machine.
      APP_ENV: 'development',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      APP_URL: BASE_URL,
      // Not under test-results/: Playwright empties that folder while the server may be running.
      DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `portal-e2e-${E2E_PORT}`),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The LD and TS simulators run mounted (no LD_URL/TS_URL) with the journeys' own accounts.
      SIMULATOR_FIXTURES: path.join(import.meta.dirname, 'e2e', 'fixtures', 'simulators.json'),
      LOG_LEVEL: 'warn',
    },
  },
});
