import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { API_PREFIX, ROLE_IDS, type Session } from '@portal/contract';
import { ADMIN, BASE_URL, type Credentials } from '../fixtures';

/** Unique per run and per call: the e2e database is shared by every journey of a run. */
export const uniqueStamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A small real PNG (the server decides the type by the bytes and re-encodes it). */
export const LOGO_FIXTURE = path.join(import.meta.dirname, '..', 'fixtures', 'logo.png');

export async function apiSignIn(
  request: APIRequestContext,
  credentials: Credentials = ADMIN,
): Promise<Session> {
  const response = await request.post(`${BASE_URL}${API_PREFIX}/auth/login`, {
    data: { username: credentials.email, password: credentials.password },
  });
  if (!response.ok()) throw new Error(`sign-in as ${credentials.email} failed: ${response.status()}`);
  return ((await response.json()) as { data: Session }).data;
}

/** Creates a customer through the admin API (POST users) and returns their credentials. */
export async function createCustomerViaApi(
  request: APIRequestContext,
  stamp = uniqueStamp(),
): Promise<Credentials> {
  const admin = await apiSignIn(request);
  const credentials = { email: `e2e-customer-${stamp}@example.com`, password: 'secret12' };
  const response = await request.post(`${BASE_URL}${API_PREFIX}/users`, {
    headers: { Authorization: `Bearer ${admin.access_token}` },
    data: {
      name: `E2E Customer ${stamp}`,
      email: credentials.email,
      password: credentials.password,
      password_confirmation: credentials.password,
      meta: [],
      role_id: ROLE_IDS.customer,
    },
  });
  if (response.status() !== 201)
    throw new Error(`POST users answered ${response.status()}: ${await response.text()}`);
  return credentials;
}
