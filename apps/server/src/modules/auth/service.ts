import {
  LINKED_APP_MESSAGES,
  MESSAGES,
  META_KEYS,
  REALTIME,
  SSO_MESSAGES,
  type LoginRequest,
} from '@portal/contract';
import type { Db } from '../../db/client';
import type { CarriedStatement } from '../../db/types';
import { recordAudit } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { ExternalSignInOutcome, LinkedAppsService } from '../linked-apps';
import type { SsoService } from '../sso';
import type { SignInTicket, ThrottleService } from '../throttle';
import type { IssuedTokens, TokenService } from '../tokens';
import type { SignInCandidate, UserRecord, UserRepository } from '../directory';
import type { DeviceCookies } from './device-cookie';
import { twoFactorEnabled, type Challenge, type TwoFactor } from './two-factor/service';

export type SignedIn = IssuedTokens & { user: UserRecord };
/** auth/login answers a session, or (two-factor on, no code yet) a challenge: 202. */
export type SignInResult =
  | {
      kind: 'session';
      session: SignedIn;
      /** A new portal user was made for an LD/TS account: 201. */ created: boolean;
      /** A new device cookie for this browser (Set-Cookie), when it had none for the account. */
      deviceCookie?: string;
    }
  | { kind: 'challenge'; secret?: string; message: string };

/**
 * LD and TS as the auth service needs them (modules/linked-apps): credentials the portal refused
 * tried there, and hand-off tokens. Absent in unit tests of the session machinery.
 */
export type ExternalAccounts = Pick<LinkedAppsService, 'signIn' | 'handOff'>;

export type AuthServiceDeps = {
  /** For the audit trail. */
  db: Db;
  users: UserRepository;
  tokens: TokenService;
  throttle: ThrottleService;
  externalAccounts?: ExternalAccounts;
  /** Identity providers whose domains must sign in with them (absent: none). */
  singleSignOn?: Pick<SsoService, 'requiredFor'>;
  /** Absent: no two-factor step (unit tests of the session machinery). */
  twoFactor?: TwoFactor;
  /** Device cookies of browsers that signed in before (absent: none are issued or honoured). */
  deviceCookies?: DeviceCookies;
  /** Announces sign-ins on `login-notification.{userId}` (docs/api.md "Realtime"). */
  publish?: (channel: string, event: string, data: unknown) => Promise<void>;
  now?: () => Date;
};

type FailureReason = 'unknown_user' | 'wrong_password' | 'blocked';

export function createAuthService(deps: AuthServiceDeps) {
  const { db, users, tokens, throttle } = deps;
  const now = deps.now ?? (() => new Date());
  const invalidCredentials = () => new AppError(401, MESSAGES.invalidCredentials);

  /** Portal credentials → the user, or the reason they fail. Always costs one Argon2 verify. */
  async function checkPortalCredentials(
    candidate: SignInCandidate | undefined,
    attempt: LoginRequest,
  ): Promise<
    | { user: UserRecord; reason?: undefined; userId?: undefined }
    | { user?: undefined; reason: FailureReason; userId?: number }
  > {
    const passwordOk = await verifyPassword(candidate?.passwordHash, attempt.password);
    if (!candidate) return { reason: 'unknown_user' };
    const { user } = candidate;
    if (!passwordOk) return { reason: 'wrong_password', userId: user.id };
    if (user.blockedAt) return { reason: 'blocked', userId: user.id };
    return { user };
  }

  /**
   * What stands between verified credentials and a session: with two-factor on (or `codeRequired`:
   * the account is past its daily cap of failures), a challenge (202 + a mailed code) unless the
   * attempt carries the right code (a wrong one is 422 errors.authKey).
   */
  async function afterCredentialsVerified(
    user: UserRecord,
    attempt: LoginRequest,
    client: ClientInfo,
    codeRequired: boolean,
  ): Promise<Challenge | 'issue-session'> {
    if (!deps.twoFactor || (!twoFactorEnabled(user) && !codeRequired)) return 'issue-session';
    if (!attempt.authKey) return deps.twoFactor.challenge(user, client);
    await deps.twoFactor.verifyForUser(user.id, attempt.authKey, client);
    return 'issue-session';
  }

  /**
   * Every successful sign-in ends here: a new session; with single session on, every other
   * session of the user ends on every instance before the sign-in is announced on the user's
   * channel (so a client reacting to the event already finds its token refused).
   */
  async function openSession(
    userId: number,
    client: ClientInfo,
    details: Record<string, unknown> = {},
    /** The user as just read by the caller: saves a query on the hot sign-in path. */
    known?: UserRecord,
    /** A sign-in's throttle settle, committed in the session's own statement (ThrottleService.successCarried). */
    settle?: { statement: CarriedStatement; committed(): void },
  ) {
    const at = now();
    // `known` was read before Argon2: a block in that window still yields tokens, which the guard
    // and refresh then refuse (both check blocked_at) — no access results.
    const user = known ?? (await users.find(userId));
    if (!user || user.blockedAt) throw AppError.unauthenticated(); // deleted or blocked meanwhile
    const single = user.meta.some((m) => m.key === META_KEYS.singleSession && m.value === '1');
    const issued = await tokens.issueAtSignIn({
      userId,
      client,
      now: at,
      audit: (sessionId) => ({
        actorId: userId,
        action: 'auth.login.succeeded',
        targetType: 'user',
        targetId: userId,
        ip: client.ip,
        details: { sessionId, singleSession: single, ...details },
      }),
      carried: settle?.statement,
    });
    settle?.committed();
    if (single) {
      await tokens.revokeAllOf(userId, 'single_session', { except: issued.sessionId, at });
      await tokens.forgetEverywhere({ userId });
    }
    await deps
      .publish?.(REALTIME.loginChannel(userId), REALTIME.loginEvent, { userId, at: at.toISOString() })
      .catch(() => undefined); // a lost notice must not undo a sign-in
    return { ...issued, user };
  }

  /**
   * A sign-in whose proof is complete (password and code, or a passkey): a session as every
   * sign-in gets one (openSession: deleted, blocked and single-session rules) and, the browser having
   * proved the stronger factor, a device cookie of the account (`secure`: the request came over https).
   */
  async function openProvenSession(
    userId: number,
    client: ClientInfo,
    details: Record<string, unknown>,
    secure: boolean,
    known?: UserRecord,
  ): Promise<SignedIn & { deviceCookie?: string }> {
    const session = await openSession(userId, client, details, known);
    return { ...session, deviceCookie: deps.deviceCookies?.issue(userId, secure) };
  }

  type Audit = (action: string, userId: number | null, details: Record<string, unknown>) => Promise<unknown>;

  /** An admitted sign-in attempt judged: settles its throttle ticket as the outcome decides. */
  async function judge(
    ticket: SignInTicket,
    candidate: SignInCandidate | undefined,
    attempt: LoginRequest,
    client: ClientInfo,
    audit: Audit,
  ): Promise<SignInResult> {
    const portal = await checkPortalCredentials(candidate, attempt);
    let user = portal.user;
    let reason: FailureReason | undefined = portal.reason;
    let external: Extract<ExternalSignInOutcome, { kind: 'user' }> | undefined;
    let unavailable: string[] = [];
    // A blocked account's right password goes the way of a wrong one (LD and TS are asked too):
    // answered at once, it would be a 401 where a wrong password meets "unavailable" while LD is
    // down, telling a guesser the password is right.
    if (!user && deps.externalAccounts) {
      const outcome = await deps.externalAccounts.signIn(attempt);
      if (outcome.kind === 'code-required') {
        // LD accepted the password and asks for its code: not a failure.
        await throttle.signInSucceeded(ticket, now());
        await audit('auth.login.challenged', null, { via: 'ld' });
        return { kind: 'challenge', message: outcome.message };
      }
      if (outcome.kind === 'unavailable') unavailable = outcome.systems;
      if (outcome.kind === 'user') {
        external = outcome;
        const linked = await users.find(outcome.userId);
        if (linked && !linked.blockedAt) user = linked;
        else reason = 'blocked';
      }
    }
    if (!user) {
      // Portal credentials were right but the external account is gone: still a wrong password.
      const failure: FailureReason = reason === 'blocked' ? 'blocked' : (portal.reason ?? 'wrong_password');
      await throttle.signInFailed(ticket, now());
      await audit('auth.login.failed', external?.userId ?? portal.userId ?? null, {
        reason: failure,
        ...(external && { via: external.app, externalUserId: external.externalUserId }),
        ...(unavailable.length && { unavailable }),
      });
      if (unavailable.length) {
        throw new AppError(502, LINKED_APP_MESSAGES.signInUnavailable(unavailable.join(' or ')));
      }
      throw invalidCredentials();
    }
    const userId = user.id;
    // The user's email domain signs in with its identity provider only: the right password is no way in
    // (docs/decisions/0043-single-sign-on.md). Told only after the credentials proved right. When the
    // email typed was this user's, signIn asked already: one lookup per sign-in, not two.
    const askedAlready = attempt.username.trim().toLowerCase() === user.email.toLowerCase();
    const required = askedAlready ? undefined : await deps.singleSignOn?.requiredFor(user.email);
    if (required) {
      // Settled as abandoned by signIn's catch: a refusal here costs the account nothing.
      await audit('auth.login.failed', userId, { reason: 'sso_required' });
      throw new AppError(401, SSO_MESSAGES.ssoRequired(required.name));
    }
    // LD took the authKey as its own one-time code: the portal's second factor is still to come.
    let next: Challenge | 'issue-session';
    try {
      next = await afterCredentialsVerified(
        user,
        external?.usedCode ? { ...attempt, authKey: '' } : attempt,
        client,
        ticket.capped,
      );
    } catch (error) {
      // A wrong portal code: the attempt counts against the account like a wrong password.
      if (error instanceof AppError && error.status === 422) await throttle.signInFailed(ticket, now());
      throw error;
    }
    if (next !== 'issue-session') {
      await throttle.signInSucceeded(ticket, now());
      await audit('auth.login.challenged', userId, ticket.capped ? { reason: 'daily_cap' } : {});
      return { kind: 'challenge', ...next };
    }
    // The throttle's settle rides in the session's statement: if that never commits, signIn's catch
    // abandons the attempt (its slots given back, nothing cleared).
    const session = await openSession(
      userId,
      client,
      {
        username: attempt.username,
        twoFactor: twoFactorEnabled(user),
        ...(external && { via: external.app, externalUserId: external.externalUserId }),
      },
      user,
      throttle.successCarried(ticket, now()),
    );
    return { kind: 'session', session, created: external?.created ?? false };
  }

  return {
    /**
     * POST auth/login. Every attempt, whatever its outcome, is audited (never the password).
     * `device`: the request's Cookie header (a device cookie of the account there lets this browser
     * past locks other clients caused) and whether the connection is https (for a new cookie).
     */
    async signIn(
      attempt: LoginRequest,
      client: ClientInfo,
      device: { cookieHeader?: string; secure: boolean } = { secure: false },
    ): Promise<SignInResult> {
      // The name typed is kept only when it is an account's: a mistyped password in the username
      // field, or a guessed name, stays out of the audit trail.
      const audit = (action: string, userId: number | null, details: Record<string, unknown>) =>
        recordAudit(db, {
          actorId: action === 'auth.login.succeeded' ? userId : null,
          action,
          targetType: 'user',
          targetId: userId,
          ip: client.ip,
          details: { ...(userId !== null && { username: attempt.username }), ...details },
        });

      // An email typed in a domain that must use its identity provider: refused whoever it is (the
      // domain's rule is public on the sign-in page; nothing is told about the account).
      if (attempt.username.includes('@')) {
        const required = await deps.singleSignOn?.requiredFor(attempt.username);
        if (required) {
          await audit('auth.login.failed', null, { reason: 'sso_required' });
          throw new AppError(401, SSO_MESSAGES.ssoRequired(required.name));
        }
      }
      // Resolved first so the email and the username of one account share its count; a locked name
      // answers fast and identically, known or not.
      const candidate = await users.findSignInCandidate(attempt.username);
      const trusted = candidate && deps.deviceCookies?.verify(device.cookieHeader, candidate.user.id);
      const admitted = await throttle.admitSignIn(
        { login: attempt.username, userId: candidate?.user.id, ip: client.ip, device: trusted },
        now,
      );
      if (admitted.lock) {
        await audit('auth.login.locked', candidate?.user.id ?? null, { scope: admitted.lock.scope });
        throw AppError.tooManyRequests(admitted.lock.retryAfterSeconds);
      }
      const { ticket } = admitted;
      try {
        const result = await judge(ticket, candidate, attempt, client, audit);
        if (result.kind === 'session' && !trusted && deps.deviceCookies) {
          result.deviceCookie = deps.deviceCookies.issue(result.session.user.id, device.secure);
        }
        return result;
      } catch (error) {
        // Whatever ended the attempt before it was judged (a lost database, a mail that could not
        // be sent) costs it nothing; judged outcomes were settled where they were decided.
        await throttle.signInAbandoned(ticket, now());
        throw error;
      }
    },

    /**
     * POST two-fa/verify: the code of a challenge, by its secret. The browser proved password and
     * code: it gets a device cookie of the account (`secure`: the request came over https).
     */
    async verifyTwoFactor(
      secret: string,
      code: string,
      client: ClientInfo,
      secure = false,
    ): Promise<SignedIn & { deviceCookie?: string }> {
      if (!deps.twoFactor) throw AppError.notFound();
      const userId = await deps.twoFactor.verifyBySecret(secret, code, client);
      return openProvenSession(userId, client, { twoFactor: true }, secure);
    },

    /**
     * GET auth/external-login: a hand-off token from LD or TS, checked with its system once. A user
     * with two-factor on is refused here (the hand-off has no step for a code) and signs in with
     * credentials instead; blocked users are refused as at sign-in.
     */
    async signInWithHandOff(token: string, client: ClientInfo): Promise<SignedIn> {
      const refused = () => new AppError(401, MESSAGES.externalLoginFailed);
      if (!deps.externalAccounts || !token || token.length > 2048) throw refused();
      const resolved = await deps.externalAccounts.handOff(token);
      const user = resolved ? await users.find(resolved.userId) : undefined;
      const via = resolved ? { via: resolved.app, externalUserId: resolved.externalUserId } : {};
      const reason = !user
        ? 'invalid_token'
        : user.blockedAt
          ? 'blocked'
          : twoFactorEnabled(user)
            ? 'two_factor'
            : null;
      if (!user || reason) {
        await recordAudit(db, {
          actorId: null,
          action: 'auth.external_login.failed',
          targetType: 'user',
          targetId: user?.id ?? null,
          ip: client.ip,
          details: { reason, ...via },
        });
        throw refused();
      }
      return openSession(user.id, client, { handOff: true, ...via }, user);
    },

    /** A session for a user who just proved who they are another way (sign-up). */
    openSession,

    /** A session (and device cookie) for a user who proved who they are with a passkey (modules/passkeys). */
    openProvenSession,

    /** POST auth/refresh: rotation (see TokenService.rotate); answers the user as of now. */
    async refresh(refreshToken: string, client: ClientInfo): Promise<SignedIn> {
      const { tokens: rotated, userId } = await tokens.rotate(refreshToken, client);
      const user = await users.find(userId);
      if (!user) throw AppError.unauthenticated();
      return { ...rotated, user };
    },

    /** POST auth/logout: this session's tokens stop working at once. */
    async signOut(sessionId: string, userId: number, client: ClientInfo): Promise<void> {
      await tokens.revoke(sessionId, 'logout');
      await recordAudit(db, {
        actorId: userId,
        action: 'auth.logout',
        targetType: 'user',
        targetId: userId,
        ip: client.ip,
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
