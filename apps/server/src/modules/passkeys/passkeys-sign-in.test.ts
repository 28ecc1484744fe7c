import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  META_KEYS,
  PASSKEY_MESSAGES,
  passkeyRegistrationOptionsSchema,
  passkeySignInOptionsSchema,
} from '@portal/contract';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { useTestApp } from '../../test/use-test-app';
import { createAdmin, createUser, signIn } from '../../test/builders';
import { api } from '../../test/http';
import { createSoftAuthenticator } from '../../test/passkey-authenticator';
import { testClock } from '../../test/clock';
import { createSoftAuthenticatorKey, passkeyKit } from '../../test/passkeys';

// Signing in with a passkey: refusals and the rules every sign-in keeps (docs/decisions/0042-passkeys.md).

describe('passkeys: signing in', () => {
  const clock = testClock();
  const t = useTestApp({}, { now: clock.now });
  const { http, ip, beginSignIn, signInWith, auditOf, setup } = passkeyKit(t);

  describe('sign-in refusals', () => {
    it('a replayed, expired, unknown or other-purpose attempt', async () => {
      const { user, tokens, key } = await setup();
      const from = ip();
      const { attempt, options } = await beginSignIn(from);
      const body = { attempt, response: key.assert(options.challenge) };
      expect((await http.post('auth/passkeys/sign-in', body, { ip: from })).statusCode).toBe(200);
      const replay = await http.post('auth/passkeys/sign-in', body, { ip: from });
      expect(replay.statusCode).toBe(401);
      expect(replay.json().message).toBe(PASSKEY_MESSAGES.challengeExpired);

      const late = await beginSignIn(from);
      clock.offsetMs = 5 * 60_000 + 1000;
      try {
        const res = await http.post(
          'auth/passkeys/sign-in',
          { attempt: late.attempt, response: key.assert(late.options.challenge) },
          { ip: from },
        );
        expect(res.statusCode).toBe(401);
      } finally {
        clock.offsetMs = 0;
      }

      const unknown = await http.post(
        'auth/passkeys/sign-in',
        { attempt: '6f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11', response: key.assert(options.challenge) },
        { ip: from },
      );
      expect(unknown.statusCode).toBe(401);

      // A registration challenge is not a sign-in one.
      const reg = passkeyRegistrationOptionsSchema.parse(
        (await http.post('auth/passkeys/registration-options', undefined, { headers: tokens.headers })).json()
          .data,
      );
      const crossed = await http.post(
        'auth/passkeys/sign-in',
        { attempt: reg.attempt, response: key.assert(reg.options.challenge) },
        { ip: from },
      );
      expect(crossed.statusCode).toBe(401);

      // A signed answer for another attempt's challenge.
      const a = await beginSignIn(from);
      const b = await beginSignIn(from);
      const swapped = await http.post(
        'auth/passkeys/sign-in',
        { attempt: a.attempt, response: key.assert(b.options.challenge) },
        { ip: from },
      );
      expect(swapped.statusCode).toBe(401);
      const reasons = (await auditOf('auth.passkey.failed', user.id)).map(
        (r) => (r.details as { reason: string }).reason,
      );
      expect(reasons).toContain('verification');
    });

    it('another origin, a counter that goes back, a forged signature', async () => {
      const { user, key } = await setup();
      expect((await signInWith(key, { origin: 'https://evil.example' })).statusCode).toBe(401);
      expect((await signInWith(key, { counter: 10 })).statusCode).toBe(200);
      const back = await signInWith(key, { counter: 9 });
      expect(back.statusCode).toBe(401);
      expect(back.json().message).toBe(PASSKEY_MESSAGES.signInFailed);
      const same = await signInWith(key, { counter: 10 });
      expect(same.statusCode).toBe(401);
      const forged = await signInWith(key, {
        counter: 20,
        key: createSoftAuthenticatorKey(),
      });
      expect(forged.statusCode).toBe(401);
      expect((await signInWith(key, { counter: 11 })).statusCode).toBe(200);
      const reasons = (await auditOf('auth.passkey.failed', user.id)).map(
        (r) => (r.details as { reason: string }).reason,
      );
      expect(reasons).toEqual(expect.arrayContaining(['verification', 'counter']));
    });

    it('a removed passkey, a blocked user, a deleted user', async () => {
      const removed = await setup();
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1.0/auth/passkeys/${removed.passkey.id}`,
        headers: removed.tokens.headers,
        payload: { current_password: removed.user.password },
      });
      expect(del.statusCode).toBe(200);
      expect((await signInWith(removed.key)).statusCode).toBe(401);
      expect((await auditOf('passkey.removed', removed.user.id)).length).toBe(1);

      const blocked = await setup();
      await t.database.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, blocked.user.id));
      const res = await signInWith(blocked.key);
      expect(res.statusCode).toBe(401);
      const [row] = await auditOf('auth.passkey.failed', blocked.user.id);
      expect(row?.details).toMatchObject({ reason: 'blocked' });

      const deleted = await setup();
      const admin = await signIn(t, await createAdmin(t));
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/api/v1.0/users/${deleted.user.id}`,
            headers: admin.headers,
          })
        ).statusCode,
      ).toBe(200);
      expect((await signInWith(deleted.key)).statusCode).toBe(401);
    });

    it('failures do not lock the password sign-in of the account', async () => {
      const { user, key } = await setup();
      for (let i = 0; i < 7; i += 1) {
        expect((await signInWith(key, { origin: 'https://evil.example' })).statusCode).toBe(401);
      }
      const res = await http.post(
        'auth/login',
        { username: user.email, password: user.password },
        { ip: '10.43.0.1' },
      );
      expect(res.statusCode).toBe(200);
    });

    it('limits sign-in ceremonies begun and answered per client address', async () => {
      const from = '10.44.0.1';
      const codes: number[] = [];
      for (let i = 0; i < 121; i += 1) {
        codes.push((await http.post('auth/passkeys/sign-in-options', undefined, { ip: from })).statusCode);
      }
      expect(codes.slice(0, 120).every((c) => c === 200)).toBe(true);
      expect(codes[120]).toBe(429);
      const junk = { attempt: '6f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11', response: {} };
      const answers: number[] = [];
      for (let i = 0; i < 61; i += 1) {
        answers.push((await http.post('auth/passkeys/sign-in', junk, { ip: from })).statusCode);
      }
      expect(answers.slice(0, 60).every((c) => c === 422)).toBe(true);
      expect(answers[60]).toBe(429);
    });
  });

  describe('the rules of every sign-in', () => {
    it('maintenance mode does not stop a sign-in (as with a password)', async () => {
      const admin = await signIn(t, await createAdmin(t));
      const save = (on: boolean) =>
        http.post('system-settings/save-many', [{ key: 'maintenance_mode', value: on ? '1' : '0' }], {
          headers: admin.headers,
        });
      const { user, key } = await setup();
      expect((await save(true)).statusCode).toBe(200);
      try {
        expect((await signInWith(key)).statusCode).toBe(200);
        const password = await http.post(
          'auth/login',
          { username: user.email, password: user.password },
          { ip: ip() },
        );
        expect(password.statusCode).toBe(200);
      } finally {
        await save(false);
      }
    });

    it('single session: a passkey sign-in ends the other sessions', async () => {
      const { tokens, key } = await setup({ meta: [{ key: META_KEYS.singleSession, value: '1' }] });
      expect((await http.get('auth/me', { headers: tokens.headers })).statusCode).toBe(200);
      const res = await signInWith(key);
      expect(res.statusCode).toBe(200);
      expect((await http.get('auth/me', { headers: tokens.headers })).statusCode).toBe(401);
      const fresh = { authorization: `Bearer ${res.json().data.access_token}` };
      expect((await http.get('auth/me', { headers: fresh })).statusCode).toBe(200);
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('passkeys across two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { databaseUrl: a.config.databaseUrl });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('a ceremony begun on one instance is finished on the other, once', async () => {
    const url = new URL(a.config.appUrl);
    const key = createSoftAuthenticator({ rpId: url.hostname, origin: url.origin });
    const user = await createUser(a);
    const tokens = await signIn(a, user);
    const begun = passkeyRegistrationOptionsSchema.parse(
      (await api(a).post('auth/passkeys/registration-options', undefined, { headers: tokens.headers })).json()
        .data,
    );
    const added = await api(b).post(
      'auth/passkeys',
      { attempt: begun.attempt, name: 'Laptop', response: key.register(begun.options) },
      { headers: tokens.headers },
    );
    expect(added.statusCode, added.body).toBe(201);

    const options = passkeySignInOptionsSchema.parse(
      (await api(b).post('auth/passkeys/sign-in-options', undefined, { ip: '10.45.0.1' })).json().data,
    );
    const body = { attempt: options.attempt, response: key.assert(options.options.challenge) };
    expect((await api(a).post('auth/passkeys/sign-in', body, { ip: '10.45.0.1' })).statusCode).toBe(200);
    expect((await api(b).post('auth/passkeys/sign-in', body, { ip: '10.45.0.1' })).statusCode).toBe(401);
  });
});
