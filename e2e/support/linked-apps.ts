import type { TestInfo } from '@playwright/test';

/**
 * The LD and TS accounts the journeys use (e2e/fixtures/simulators.json, loaded by the mounted
 * simulators through SIMULATOR_FIXTURES). One set per attempt: a retry after a failure half-way
 * (an account left linked) starts with fresh accounts.
 */
export function simulatorAccounts(testInfo: TestInfo) {
  const n = testInfo.retry;
  return {
    ldLink: { username: `e2e.link.${n}`, password: 'Dispatch#E2E' },
    ldSignIn: { username: `e2e.signin.${n}`, password: 'Dispatch#E2E', name: `E2E Signin ${n}` },
    ldHandOff: { username: `e2e.handoff.${n}`, password: 'Dispatch#E2E', name: `E2E Handoff ${n}` },
    tsLink: { email: `e2e-ts-link-${n}@telemetry.test`, password: 'Telemetry#E2E', username: `e2e.ts.${n}` },
  };
}
