import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  passkeySignInOptionsSchema,
} from '@portal/contract';
import { auditLog } from '../db/schema';
import type { TestApp } from './app';
import { createUser, signIn, type TestTokens } from './builders';
import { api } from './http';
import { createSoftAuthenticator, type SoftAuthenticator } from './passkey-authenticator';

/** A key that is not the passkey's: its signatures must not verify. */
export const createSoftAuthenticatorKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;

/**
 * The passkey ceremonies over HTTP, as a browser with a software authenticator runs them, against
 * the test app `t` (modules/passkeys tests).
 */
export function passkeyKit(t: TestApp) {
  const http = api(t);
  let ipSeq = 0;
  /** Each sign-in from its own address: the per-address rate limit stays out of the way. */
  const ip = () => `10.42.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;
  const rp = () => {
    const url = new URL(t.config.appUrl);
    return { rpId: url.hostname, origin: url.origin };
  };

  async function addPasskey(tokens: TestTokens, name = 'Laptop', authenticator?: SoftAuthenticator) {
    const key = authenticator ?? createSoftAuthenticator(rp());
    const begun = await http.post('auth/passkeys/registration-options', undefined, {
      headers: tokens.headers,
    });
    expect(begun.statusCode).toBe(200);
    const { attempt, options } = passkeyRegistrationOptionsSchema.parse(begun.json().data);
    const res = await http.post(
      'auth/passkeys',
      { attempt, name, response: key.register(options) },
      { headers: tokens.headers },
    );
    expect(res.statusCode, res.body).toBe(201);
    return { key, passkey: passkeySchema.parse(res.json().data) };
  }

  async function beginSignIn(from = ip()) {
    const res = await http.post('auth/passkeys/sign-in-options', undefined, { ip: from });
    expect(res.statusCode).toBe(200);
    return passkeySignInOptionsSchema.parse(res.json().data);
  }

  async function signInWith(key: SoftAuthenticator, spoil: Parameters<SoftAuthenticator['assert']>[1] = {}) {
    const from = ip();
    const { attempt, options } = await beginSignIn(from);
    return http.post(
      'auth/passkeys/sign-in',
      { attempt, response: key.assert(options.challenge, spoil) },
      { ip: from },
    );
  }

  const auditOf = (action: string, userId: number) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(userId))));

  /** A user, signed in, with one passkey. */
  async function setup(input: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t, input);
    const tokens = await signIn(t, user);
    const { key, passkey } = await addPasskey(tokens);
    return { user, tokens, key, passkey };
  }

  return { http, ip, rp, addPasskey, beginSignIn, signInWith, auditOf, setup };
}
