import { generateKeyPairSync } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  META_KEYS,
  MESSAGES,
  PASSKEY_MESSAGES,
  passkeyRegistrationOptionsSchema,
  passkeySchema,
  passkeySignInOptionsSchema,
  VALIDATION,
} from '@portal/contract';
import { auditLog, passkeyCredentials, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { useTestApp } from '../../test/use-test-app';
import { createAdmin, createUser, signIn, type BuiltUser, type TestTokens } from '../../test/builders';
import { api } from '../../test/http';
import { createSoftAuthenticator, type SoftAuthenticator } from '../../test/passkey-authenticator';
import { relyingPartyOf } from './service';

let clockOffsetMs = 0;

describe('the relying party of APP_URL', () => {
  it('is its host and origin; a loopback address is localhost on the same port', () => {
    expect(relyingPartyOf('https://portal.example.com')).toMatchObject({
      id: 'portal.example.com',
      origin: 'https://portal.example.com',
    });
    expect(relyingPartyOf('https://portal.example.com:8443')).toMatchObject({
      id: 'portal.example.com',
      origin: 'https://portal.example.com:8443',
    });
    expect(relyingPartyOf('http://127.0.0.1:3999')).toMatchObject({
      id: 'localhost',
      origin: 'http://localhost:3999',
    });
    expect(relyingPartyOf('http://[::1]:3999')).toMatchObject({ id: 'localhost' });
  });
});

describe('passkeys', () => {
  const t = useTestApp({}, { now: () => new Date(Date.now() + clockOffsetMs) });
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

  async function setup(input: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t, input);
    const tokens = await signIn(t, user);
    const { key, passkey } = await addPasskey(tokens);
    return { user, tokens, key, passkey };
  }

  it('adds a named passkey, lists it, and signs in with it without the emailed code', async () => {
    // Two-factor on: a password sign-in would answer 202 and mail a code; a passkey does not.
    const { user, tokens, key, passkey } = await setup({ meta: [{ key: META_KEYS.twoFactor, value: '1' }] });
    expect(passkey).toMatchObject({
      name: 'Laptop',
      lastUsedAt: null,
      backupEligible: false,
      backedUp: false,
    });
    const options = passkeyRegistrationOptionsSchema.parse(
      (await http.post('auth/passkeys/registration-options', undefined, { headers: tokens.headers })).json()
        .data,
    ).options;
    expect(options.rp).toEqual({ name: expect.any(String), id: rp().rpId });
    expect(options.excludeCredentials).toEqual([expect.objectContaining({ id: key.id })]);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });

    const res = await signInWith(key);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().data;
    expect(session.user.id).toBe(user.id);
    const me = await http.get('auth/me', { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(me.statusCode).toBe(200);

    const list = (await http.get('auth/passkeys', { headers: tokens.headers })).json().data;
    expect(list).toHaveLength(1);
    expect(list[0].lastUsedAt).toEqual(expect.any(String));
    const [stored] = await t.database.db
      .select()
      .from(passkeyCredentials)
      .where(eq(passkeyCredentials.id, passkey.id));
    expect(stored!.counter).toBe(1);
    expect(stored!.transports).toEqual(['internal']);

    const [succeeded] = await auditOf('auth.login.succeeded', user.id).then((rows) =>
      rows.filter((r) => (r.details as { via?: string }).via === 'passkey'),
    );
    expect(succeeded?.details).toMatchObject({ via: 'passkey', passkeyId: passkey.id });
    expect(await auditOf('passkey.added', user.id)).toHaveLength(1);
  });

  it('stores the backup flags of a synced passkey', async () => {
    const user = await createUser(t);
    const tokens = await signIn(t, user);
    const { passkey } = await addPasskey(
      tokens,
      'Phone',
      createSoftAuthenticator({ ...rp(), backedUp: true }),
    );
    expect(passkey).toMatchObject({ backupEligible: true, backedUp: true });
  });

  describe('registration', () => {
    it('takes a challenge once, from its own user only, and from the portal origin only', async () => {
      const user = await createUser(t);
      const tokens = await signIn(t, user);
      const other = await signIn(t, await createUser(t));
      const key = createSoftAuthenticator(rp());
      const begin = async () =>
        passkeyRegistrationOptionsSchema.parse(
          (
            await http.post('auth/passkeys/registration-options', undefined, { headers: tokens.headers })
          ).json().data,
        );

      // Another user cannot finish this user's ceremony, nor spoil it for them.
      let { attempt, options } = await begin();
      const stolen = await http.post(
        'auth/passkeys',
        { attempt, name: 'x', response: key.register(options) },
        { headers: other.headers },
      );
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().message).toBe(PASSKEY_MESSAGES.challengeExpired);
      const own = createSoftAuthenticator(rp());
      const mine = await http.post(
        'auth/passkeys',
        { attempt, name: 'Own key', response: own.register(options) },
        { headers: tokens.headers },
      );
      expect(mine.statusCode).toBe(201);

      // Another origin: refused.
      ({ attempt, options } = await begin());
      const phished = await http.post(
        'auth/passkeys',
        { attempt, name: 'x', response: key.register(options, { origin: 'https://evil.example' }) },
        { headers: tokens.headers },
      );
      expect(phished.statusCode).toBe(422);
      expect(phished.json().message).toBe(PASSKEY_MESSAGES.registrationFailed);

      // Without user verification: refused.
      ({ attempt, options } = await begin());
      const unverified = await http.post(
        'auth/passkeys',
        { attempt, name: 'x', response: key.register(options, { userVerified: false }) },
        { headers: tokens.headers },
      );
      expect(unverified.statusCode).toBe(422);

      // The right answer once; the same again is refused (single use).
      ({ attempt, options } = await begin());
      const body = { attempt, name: 'Desk key', response: key.register(options) };
      expect((await http.post('auth/passkeys', body, { headers: tokens.headers })).statusCode).toBe(201);
      const replay = await http.post('auth/passkeys', body, { headers: tokens.headers });
      expect(replay.statusCode).toBe(400);
      expect((await http.get('auth/passkeys', { headers: tokens.headers })).json().data).toHaveLength(2);

      // The same authenticator on another account: 409.
      const again = passkeyRegistrationOptionsSchema.parse(
        (await http.post('auth/passkeys/registration-options', undefined, { headers: other.headers })).json()
          .data,
      );
      const dup = await http.post(
        'auth/passkeys',
        { attempt: again.attempt, name: 'x', response: key.register(again.options) },
        { headers: other.headers },
      );
      expect(dup.statusCode).toBe(409);
    });

    it('refuses an expired challenge (5 minutes)', async () => {
      const tokens = await signIn(t, await createUser(t));
      const key = createSoftAuthenticator(rp());
      const { attempt, options } = passkeyRegistrationOptionsSchema.parse(
        (await http.post('auth/passkeys/registration-options', undefined, { headers: tokens.headers })).json()
          .data,
      );
      clockOffsetMs = 5 * 60_000 + 1000;
      try {
        const res = await http.post(
          'auth/passkeys',
          { attempt, name: 'x', response: key.register(options) },
          { headers: tokens.headers },
        );
        expect(res.statusCode).toBe(400);
      } finally {
        clockOffsetMs = 0;
      }
    });

    it('answers 401 without a session and 422 for a nameless passkey', async () => {
      for (const [method, path] of [
        ['GET', 'auth/passkeys'],
        ['POST', 'auth/passkeys/registration-options'],
        ['POST', 'auth/passkeys'],
        ['PATCH', 'auth/passkeys/1'],
        ['DELETE', 'auth/passkeys/1'],
      ] as const) {
        const res = await t.app.inject({ method, url: `/api/v1.0/${path}` });
        expect(res.statusCode, `${method} ${path}`).toBe(401);
        expect(res.json()).toEqual({ message: MESSAGES.unauthenticated });
      }
      const tokens = await signIn(t, await createUser(t));
      const res = await http.patch('auth/passkeys/1', { name: '  ' }, { headers: tokens.headers });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.name).toEqual(['Name is a required field']);
    });
  });

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
      clockOffsetMs = 5 * 60_000 + 1000;
      try {
        const res = await http.post(
          'auth/passkeys/sign-in',
          { attempt: late.attempt, response: key.assert(late.options.challenge) },
          { ip: from },
        );
        expect(res.statusCode).toBe(401);
      } finally {
        clockOffsetMs = 0;
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

  describe('managing passkeys', () => {
    it("renames and removes one's own only; removing needs the current password", async () => {
      const { user, tokens, passkey } = await setup();
      const stranger: BuiltUser = await createUser(t);
      const strangerTokens = await signIn(t, stranger);

      const renamed = await http.patch(
        `auth/passkeys/${passkey.id}`,
        { name: ' Work laptop ' },
        { headers: tokens.headers },
      );
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({
        data: { name: 'Work laptop' },
        message: PASSKEY_MESSAGES.renamed,
      });
      expect(
        (
          await http.patch(
            `auth/passkeys/${passkey.id}`,
            { name: 'Mine' },
            { headers: strangerTokens.headers },
          )
        ).statusCode,
      ).toBe(404);
      expect(await auditOf('passkey.renamed', user.id)).toHaveLength(1);

      const remove = (headers: Record<string, string>, payload?: object) =>
        t.app.inject({
          method: 'DELETE',
          url: `/api/v1.0/auth/passkeys/${passkey.id}`,
          headers,
          ...(payload && { payload }),
        });
      const none = await remove(tokens.headers);
      expect(none.statusCode).toBe(422);
      expect(none.json().errors.current_password).toEqual([VALIDATION.currentPasswordRequired]);
      const wrong = await remove(tokens.headers, { current_password: 'nope' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.current_password).toEqual([VALIDATION.currentPasswordWrong]);
      expect((await remove(strangerTokens.headers, { current_password: stranger.password })).statusCode).toBe(
        404,
      );
      const ok = await remove(tokens.headers, { current_password: user.password });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: PASSKEY_MESSAGES.removed });
      expect((await http.get('auth/passkeys', { headers: tokens.headers })).json().data).toEqual([]);
    });
  });
});

/** A key that is not the passkey's: its signatures must not verify. */
const createSoftAuthenticatorKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;

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
