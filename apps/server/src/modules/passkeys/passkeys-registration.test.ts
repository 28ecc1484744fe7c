import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  META_KEYS,
  MESSAGES,
  PASSKEY_MESSAGES,
  passkeyRegistrationOptionsSchema,
  VALIDATION,
} from '@portal/contract';
import { passkeyCredentials } from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn, type BuiltUser } from '../../test/builders';
import { createSoftAuthenticator } from '../../test/passkey-authenticator';
import { testClock } from '../../test/clock';
import { passkeyKit } from '../../test/passkeys';
import { relyingPartyOf } from './service';

// Passkeys added, listed, renamed and removed (docs/decisions/0042-passkeys.md).

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

describe('passkeys: adding and managing them', () => {
  const clock = testClock();
  const t = useTestApp({}, { now: clock.now });
  const { http, rp, addPasskey, signInWith, auditOf, setup } = passkeyKit(t);

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
      clock.offsetMs = 5 * 60_000 + 1000;
      try {
        const res = await http.post(
          'auth/passkeys',
          { attempt, name: 'x', response: key.register(options) },
          { headers: tokens.headers },
        );
        expect(res.statusCode).toBe(400);
      } finally {
        clock.offsetMs = 0;
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
