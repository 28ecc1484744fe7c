import { ROLE_IDS } from '@portal/contract';
import { hashPassword } from '../lib/passwords';
import { createUserRepository, type MetaRow } from '../modules/directory';
import type { TestApp } from './app';

export type BuiltUser = {
  id: number;
  name: string;
  email: string;
  username: string | null;
  password: string;
};
export type BuildUserInput = {
  name?: string;
  email?: string;
  username?: string | null;
  password?: string;
  roleId?: number;
  roleIds?: number[];
  meta?: MetaRow[];
  blocked?: boolean;
};

let sequence = 0;
/** Argon2 is slow by design: tests reuse one hash per distinct password. */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

export const DEFAULT_TEST_PASSWORD = 'secret-123';

/** A user straight in the database (default: a customer with a unique email, no username). */
export async function createUser(t: TestApp, input: BuildUserInput = {}): Promise<BuiltUser> {
  sequence += 1;
  const n = `${Date.now().toString(36)}${sequence}`;
  const password = input.password ?? DEFAULT_TEST_PASSWORD;
  const user = {
    name: input.name ?? `Test User ${n}`,
    email: input.email ?? `user-${n}@example.test`,
    username: input.username ?? null,
  };
  const id = await createUserRepository(t.database.db).insert({
    ...user,
    passwordHash: await hashOnce(password),
    roleIds: input.roleIds ?? [input.roleId ?? ROLE_IDS.customer],
    meta: input.meta,
    blockedAt: input.blocked ? new Date() : null,
  });
  return { id, ...user, password };
}

export const createAdmin = (t: TestApp, input: BuildUserInput = {}) =>
  createUser(t, { ...input, roleId: ROLE_IDS.admin });

export type TestTokens = {
  accessToken: string;
  refreshToken: string;
  /** Ready for `app.inject({ headers })`. */
  headers: { authorization: string };
};

/**
 * A signed-in session for `user`, issued directly (no HTTP sign-in, no Argon2 verify, no throttle
 * or audit rows), for tests of anything behind the guard. Tests of sign-in itself use the API.
 */
export async function signIn(t: TestApp, user: Pick<BuiltUser, 'id'>): Promise<TestTokens> {
  const tokens = await t.app.tokens.issue({
    userId: user.id,
    client: { ip: '127.0.0.1', userAgent: 'vitest' },
    now: new Date(),
  });
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    headers: { authorization: `Bearer ${tokens.accessToken}` },
  };
}

/** Bearer headers for a raw access token. */
export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

/** An admin with a session: the opening move of every admin-route test. */
export async function signedInAdmin(t: TestApp): Promise<{ id: number; tokens: TestTokens }> {
  const admin = await createAdmin(t);
  return { id: admin.id, tokens: await signIn(t, admin) };
}

/** Sets meta keys of a user straight in the database (a null value removes the key). */
export const setUserMeta = (t: TestApp, userId: number, meta: MetaRow[]) =>
  createUserRepository(t.database.db).upsertMeta(userId, meta);
