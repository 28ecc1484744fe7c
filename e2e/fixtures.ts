import type { Page } from '@playwright/test';
import { API_PREFIX, STORAGE_KEYS, type Session } from '@portal/contract';

/** The port of the server playwright.config.ts starts; fixed so a failing run is easy to poke at. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** The first admin the e2e server is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-secret' } as const;

export type Credentials = { email: string; password: string };

/**
 * Signs in through the API and puts the session where the SPA keeps it, so a journey starts on the
 * screen it tests. Only the specs of the sign-in screen itself sign in through the form: every
 * other spec starts signed in, so a broken form fails only the specs about it.
 */
export async function signInViaApi(
  page: Page,
  credentials: Credentials = ADMIN,
  goTo = '/',
  /** Another origin of the same server (`http://localhost:PORT`); default the configured one. */
  origin = '',
): Promise<Session> {
  const response = await page.request.post(`${BASE_URL}${API_PREFIX}/auth/login`, {
    data: { username: credentials.email, password: credentials.password },
  });
  if (!response.ok()) throw new Error(`sign-in as ${credentials.email} failed: ${response.status()}`);
  const body = (await response.json()) as { data?: Session };
  const session = body.data;
  if (!session?.access_token)
    throw new Error(`POST auth/login answered without {"data": Session}: ${JSON.stringify(body)}`);

  // Session storage belongs to the origin and the tab: open a same-origin page that runs no app code,
  // write the keys, then go where the test wants to start.
  await page.goto(`${origin}/healthz`);
  await page.evaluate(
    ({ keys, session }) => {
      sessionStorage.setItem(keys.token, session.access_token);
      sessionStorage.setItem(keys.refreshToken, session.refresh_token);
      sessionStorage.setItem(keys.user, JSON.stringify(session.user));
    },
    { keys: STORAGE_KEYS, session },
  );
  await page.goto(`${origin}${goTo}`);
  return session;
}
