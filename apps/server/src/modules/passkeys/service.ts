import { createHmac } from 'node:crypto';
import type * as WebAuthn from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  PASSKEY_MESSAGES,
  PASSKEYS,
  PRODUCT_NAME,
  type PasskeyAdd,
  type PasskeySignIn,
} from '@portal/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import { AppError } from '../../lib/errors';
import type { AuthService, SignedIn } from '../auth';
import type { Actor, UserRecord, UserRepository } from '../directory';
import type { ConfirmCurrentPassword } from '../users';
import type { PasskeyChallengeRepository, PasskeyRecord, PasskeyRepository } from './repository';

/**
 * The WebAuthn library, loaded at the first ceremony: it costs the server ~25 MB of memory from its
 * start (measured with `node --expose-gc`), and most instances see a passkey seldom
 * (docs/decisions/0041-server-memory.md).
 */
let library: Promise<typeof WebAuthn> | undefined;
const webAuthn = () => (library ??= import('@simplewebauthn/server'));

/** Where passkeys are valid: the relying party is APP_URL's host, the only origin APP_URL itself. */
export type RelyingParty = { id: string; origin: string; name: string };

/** Loopback addresses, which WebAuthn does not take as a relying party (it needs a domain). */
const LOOPBACK = new Set(['127.0.0.1', '[::1]']);

/**
 * The relying party of APP_URL. A loopback APP_URL (a developer's machine, the e2e server) names
 * `localhost` instead, on the same port: browsers refuse an IP address as a relying-party id, and
 * localhost is the same machine and a secure context (docs/decisions/0042-passkeys.md).
 */
export function relyingPartyOf(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  if (LOOPBACK.has(url.hostname)) url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin, name: PRODUCT_NAME };
}

export type PasskeyServiceDeps = {
  db: Db;
  passkeys: PasskeyRepository;
  challenges: PasskeyChallengeRepository;
  users: Pick<UserRepository, 'find'>;
  auth: Pick<AuthService, 'openProvenSession'>;
  confirmCurrentPassword: ConfirmCurrentPassword;
  relyingParty: RelyingParty;
  appKey: Buffer;
  now: () => Date;
};

/** A ceremony begun: the options for the browser and the attempt that carries its challenge. */
export type Ceremony<Options> = { attempt: string; options: Options };

/** Why a passkey sign-in was refused, as the audit trail says it. */
type Refusal = 'challenge' | 'unknown_credential' | 'verification' | 'counter' | 'blocked';

export function createPasskeyService(deps: PasskeyServiceDeps) {
  const { db, passkeys, challenges, relyingParty: rp, now } = deps;
  const expiresAt = () => new Date(now().getTime() + PASSKEYS.challengeTtlMs);

  /**
   * The WebAuthn user handle of a portal user: stable (an authenticator then keeps one passkey of
   * the user per site, not one per registration) and saying nothing of the user id.
   */
  const userHandleOf = (userId: number) =>
    new Uint8Array(createHmac('sha256', deps.appKey).update(`passkey-user:${userId}`).digest());

  const challengeExpired = () => new AppError(400, PASSKEY_MESSAGES.challengeExpired);

  async function audit(
    action: string,
    actorId: number | null,
    targetUserId: number | null,
    ip: string,
    details: Record<string, unknown>,
  ) {
    await recordAudit(db, { actorId, action, targetType: 'user', targetId: targetUserId, ip, details });
  }

  async function refuseSignIn(
    reason: Refusal,
    client: ClientInfo,
    found?: PasskeyRecord,
    message: string = PASSKEY_MESSAGES.signInFailed,
  ): Promise<never> {
    await audit('auth.passkey.failed', null, found?.userId ?? null, client.ip, {
      reason,
      ...(found && { passkeyId: found.id }),
    });
    throw new AppError(401, message);
  }

  return {
    relyingParty: rp,

    async list(userId: number): Promise<PasskeyRecord[]> {
      return passkeys.listOf(userId);
    },

    /** Begins adding a passkey to the signed-in user: a challenge bound to them. */
    async registrationOptions(user: UserRecord): Promise<Ceremony<PublicKeyCredentialCreationOptionsJSON>> {
      const existing = await passkeys.listOf(user.id);
      if (existing.length >= PASSKEYS.maxPerUser) throw new AppError(409, PASSKEY_MESSAGES.tooMany);
      const options = await (
        await webAuthn()
      ).generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userName: user.username ?? user.email,
        userDisplayName: user.name,
        userID: userHandleOf(user.id),
        timeout: PASSKEYS.ceremonyTimeoutMs,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        // Discoverable (a sign-in names no account) and verified (PIN, biometrics): the passkey
        // stands for the password and the mailed code together.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const attempt = await challenges.create({
        purpose: 'registration',
        userId: user.id,
        challenge: options.challenge,
        expiresAt: expiresAt(),
      });
      return { attempt, options };
    },

    /** Finishes adding a passkey: the ceremony's answer checked against this user's challenge. */
    async add(input: PasskeyAdd, actor: Actor): Promise<PasskeyRecord> {
      const user = actor.user;
      const challenge = await challenges.take(input.attempt, 'registration', user.id, now());
      if (!challenge) throw challengeExpired();
      const refused = () => new AppError(422, PASSKEY_MESSAGES.registrationFailed);
      let verified;
      try {
        verified = await (
          await webAuthn()
        ).verifyRegistrationResponse({
          response: {
            ...input.response,
            clientExtensionResults: input.response.clientExtensionResults ?? {},
          } as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
        });
      } catch {
        throw refused();
      }
      if (!verified.verified) throw refused();
      const info = verified.registrationInfo;
      if ((await passkeys.countOf(user.id)) >= PASSKEYS.maxPerUser) {
        throw new AppError(409, PASSKEY_MESSAGES.tooMany);
      }
      const created = await passkeys.insert({
        userId: user.id,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey),
        counter: info.credential.counter,
        backupEligible: info.credentialDeviceType === 'multiDevice',
        backedUp: info.credentialBackedUp,
        transports: info.credential.transports ?? input.response.response.transports ?? [],
        name: input.name,
      });
      if (!created) throw new AppError(409, PASSKEY_MESSAGES.alreadyAdded);
      await audit('passkey.added', user.id, user.id, actor.ip, {
        passkeyId: created.id,
        name: created.name,
        backupEligible: created.backupEligible,
      });
      return created;
    },

    async rename(id: number, name: string, actor: Actor): Promise<PasskeyRecord> {
      const before = (await passkeys.listOf(actor.userId)).find((p) => p.id === id);
      const renamed = before && (await passkeys.rename(actor.userId, id, name));
      if (!before || !renamed) throw AppError.notFound();
      await audit('passkey.renamed', actor.userId, actor.userId, actor.ip, {
        passkeyId: id,
        from: before.name,
        to: renamed.name,
      });
      return renamed;
    },

    /** Removes one of the caller's passkeys; needs their current password (users/reauth.ts). */
    async remove(id: number, currentPassword: string | undefined, actor: Actor): Promise<void> {
      await deps.confirmCurrentPassword(actor.user, currentPassword, actor);
      const removed = await passkeys.remove(actor.userId, id);
      if (!removed) throw AppError.notFound();
      await audit('passkey.removed', actor.userId, actor.userId, actor.ip, {
        passkeyId: id,
        name: removed.name,
      });
    },

    /** Begins a passkey sign-in: discoverable credentials (no account named), a new attempt. */
    async signInOptions(): Promise<Ceremony<PublicKeyCredentialRequestOptionsJSON>> {
      const options = await (
        await webAuthn()
      ).generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: [],
        userVerification: 'required',
        timeout: PASSKEYS.ceremonyTimeoutMs,
      });
      const attempt = await challenges.create({
        purpose: 'authentication',
        userId: null,
        challenge: options.challenge,
        expiresAt: expiresAt(),
      });
      return { attempt, options };
    },

    /**
     * Finishes a passkey sign-in. No emailed code (the passkey is the stronger factor); the session
     * comes from the auth service's own path, so blocked, deleted and single-session rules are
     * those of every sign-in. Failures are audited; they do not count in the sign-in throttle
     * (decision 0042).
     */
    async signIn(
      input: PasskeySignIn,
      client: ClientInfo,
      secure: boolean,
    ): Promise<SignedIn & { deviceCookie?: string }> {
      const challenge = await challenges.take(input.attempt, 'authentication', null, now());
      if (!challenge) return refuseSignIn('challenge', client, undefined, PASSKEY_MESSAGES.challengeExpired);
      const found = await passkeys.findByCredentialId(input.response.id);
      if (!found) return refuseSignIn('unknown_credential', client);
      let verified;
      try {
        verified = await (
          await webAuthn()
        ).verifyAuthenticationResponse({
          response: {
            ...input.response,
            clientExtensionResults: input.response.clientExtensionResults ?? {},
          } as AuthenticationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: found.credentialId,
            publicKey: new Uint8Array(found.publicKey),
            counter: found.counter,
            transports: found.transports,
          },
          requireUserVerification: true,
        });
      } catch (error) {
        const counter = error instanceof Error && /counter/i.test(error.message);
        return refuseSignIn(counter ? 'counter' : 'verification', client, found);
      }
      if (!verified.verified) return refuseSignIn('verification', client, found);
      const user = await deps.users.find(found.userId);
      if (!user || user.blockedAt) return refuseSignIn('blocked', client, found);
      const { newCounter, credentialBackedUp } = verified.authenticationInfo;
      const used = await passkeys.recordUse(found.id, {
        counter: newCounter,
        backedUp: credentialBackedUp,
        at: now(),
      });
      if (!used) return refuseSignIn('counter', client, found);
      return deps.auth.openProvenSession(
        user.id,
        client,
        { via: 'passkey', passkeyId: found.id, twoFactor: false },
        secure,
        user,
      );
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
