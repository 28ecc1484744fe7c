import {
  LINKED_APP_MESSAGES,
  LINKED_APP_NAMES,
  LINKED_APPS,
  ROLE_IDS,
  type LinkedApp,
  type LoginRequest,
} from '@portal/contract';
import type { Db } from '../../db/client';
import type { ExternalUser } from '../../integrations/external-user';
import type { DispatchClient } from '../../integrations/dispatch/client';
import { RemoteFailure } from '../../integrations/remote';
import type { TelemetryClient } from '../../integrations/telemetry/client';
import { recordAudit } from '../../lib/audit';
import type { ClientInfo } from '../../lib/client-info';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { newOpaqueToken } from '../../lib/tokens';
import type { ThrottleService } from '../throttle';
import type { TokenService } from '../tokens';
import type { UserRecord, UserRepository } from '../directory';
import type { LinkProfile, LinkRepository } from './repository';
import { openTelemetrySession, sealLinkSecrets } from './secrets';

export type LinkedAppsDeps = {
  db: Db;
  users: UserRepository;
  links: LinkRepository;
  throttle: ThrottleService;
  tokens: Pick<TokenService, 'forget'>;
  dispatch: DispatchClient;
  telemetry: TelemetryClient;
  appKey: Buffer;
  /** Where each app opens (LD_APP_URL, TS_APP_URL). */
  appUrls: Record<LinkedApp, string>;
  now: () => Date;
};

/** An external account that signed in, as the portal resolved it to one of its users. */
export type ExternalUserResolved = {
  userId: number;
  created: boolean;
  app: LinkedApp;
  externalUserId: string;
};

/** What LD and TS made of credentials the portal itself refused (auth/login). */
export type ExternalSignInOutcome =
  | ({
      kind: 'user';
      /** LD took the attempt's authKey as its one-time code. */ usedCode: boolean;
    } & ExternalUserResolved)
  | { kind: 'code-required'; message: string }
  | { kind: 'unavailable'; systems: string[] }
  | { kind: 'rejected' };

/** A signed-in external account and what to keep of it: the profile, and sealed secrets. */
type SignedInAccount = { user: ExternalUser; secrets: Parameters<typeof sealLinkSecrets>[3] };

const profileOf = (user: ExternalUser): LinkProfile => ({
  externalUserId: user.id,
  username: user.username,
  email: user.email,
  name: user.name,
  clientName: user.client_name,
  branchName: user.branch_name,
});

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value.trim());

/**
 * Linked apps (docs/product.md §1/§2/§4, docs/api.md "Auth"): linking and unlinking LD and TS accounts, the TS
 * session check, and the two ways an external account signs in to the portal — its credentials on
 * the Sign In form, and a hand-off token (`/ext-login`). LD and TS are reached only through their
 * clients; their tokens are stored sealed.
 */
export function createLinkedAppsService(deps: LinkedAppsDeps) {
  const { db, users, links, throttle, tokens, dispatch, telemetry, appKey, now } = deps;

  const audit = (
    action: string,
    userId: number | null,
    client: ClientInfo,
    details: Record<string, unknown>,
  ) =>
    recordAudit(db, {
      actorId: userId,
      action,
      targetType: 'user',
      targetId: userId,
      ip: client.ip,
      details,
    });

  /** Signs in at one app; the LD code is the attempt's authKey. RemoteFailure when the app fails. */
  async function signInAt(app: LinkedApp, attempt: LoginRequest) {
    if (app === 'ld') {
      const result = await dispatch.signIn({
        username: attempt.username,
        password: attempt.password,
        code: attempt.authKey || undefined,
      });
      if (result.kind !== 'signed-in') return result;
      const { accessToken, refreshToken, expiresAt } = result.tokens;
      const secrets = { accessToken, refreshToken, expiresAt: expiresAt?.toISOString() ?? null };
      return {
        kind: 'signed-in' as const,
        account: { user: result.user, secrets } satisfies SignedInAccount,
      };
    }
    const result = await telemetry.signIn({ email: attempt.username, password: attempt.password });
    if (result.kind !== 'signed-in') return result;
    return {
      kind: 'signed-in' as const,
      account: { user: result.user, secrets: { sessionId: result.sessionId } } satisfies SignedInAccount,
    };
  }

  /**
   * The portal user of an external account that proved itself: the linked one (its stored profile
   * and, when given, secrets refreshed), or a new customer linked to it. Never matched by email: an
   * external account with someone's email must not become that someone.
   */
  async function resolveUser(app: LinkedApp, user: ExternalUser, secrets: SignedInAccount['secrets'] | null) {
    const appName = LINKED_APP_NAMES[app];
    const owner = await links.findOwner(app, user.id);
    const seal = (userId: number) => (secrets ? sealLinkSecrets(appKey, app, userId, secrets) : undefined);
    if (owner !== undefined) {
      await links.save({ userId: owner, app, profile: profileOf(user), secrets: seal(owner) }, now());
      return { userId: owner, created: false };
    }
    if (!user.email) throw AppError.validation({}, LINKED_APP_MESSAGES.noEmail(appName));
    if (await users.isEmailTaken(user.email))
      throw new AppError(409, LINKED_APP_MESSAGES.emailTaken(appName));
    // Nobody knows this password: the user signs in through the app (or sets one with "Forgot Password").
    const passwordHash = await hashPassword(newOpaqueToken());
    try {
      const userId = await db.transaction(async (tx) => {
        const id = await users.in(tx).insert({
          name: user.name ?? user.username ?? user.email!,
          email: user.email!,
          passwordHash,
          roleIds: [ROLE_IDS.customer],
        });
        await links
          .in(tx)
          .save({ userId: id, app, profile: profileOf(user), secrets: seal(id) ?? null }, now());
        await recordAudit(tx, {
          actorId: id,
          action: 'users.created_from_linked_app',
          targetType: 'user',
          targetId: id,
          details: { app, externalUserId: user.id },
        });
        return id;
      });
      return { userId, created: true };
    } catch (error) {
      // Another request created the same user or link a moment ago: that one wins.
      if (!isUniqueViolation(error)) throw error;
      const winner = await links.findOwner(app, user.id);
      if (winner === undefined) throw new AppError(409, LINKED_APP_MESSAGES.emailTaken(appName));
      return { userId: winner, created: false };
    }
  }

  return {
    /**
     * POST auth/link-ld | auth/link-ts: the signed-in user's account at `app` is linked (replacing a
     * link to another account of that app). Refused credentials count against the sign-in throttle.
     */
    async link(
      app: LinkedApp,
      userId: number,
      attempt: LoginRequest,
      client: ClientInfo,
    ): Promise<{ kind: 'linked'; user: UserRecord } | { kind: 'code-required'; message: string }> {
      const appName = LINKED_APP_NAMES[app];
      const at = now();
      // A throttle slot is taken before LD/TS is asked; their answer settles it.
      const { lock, ticket } = await throttle.admitSignIn({ login: attempt.username, ip: client.ip }, now);
      if (lock) throw AppError.tooManyRequests(lock.retryAfterSeconds);

      // LD/TS unreachable: they judged nothing, so the attempt is given back before the 502.
      const result = await signInAt(app, attempt).catch(async (error: unknown) => {
        await throttle.signInAbandoned(ticket, now());
        throw error;
      });
      if (result.kind === 'rejected') await throttle.signInFailed(ticket, now());
      else await throttle.signInSucceeded(ticket, now());
      if (result.kind === 'code-required') return result;
      if (result.kind === 'rejected') {
        // Not what was typed as the name: refused credentials name no account we know.
        await audit('linked_apps.link.failed', userId, client, { app });
        throw new AppError(422, result.message);
      }
      const { user, secrets } = result.account;
      const owner = await links.findOwner(app, user.id);
      if (owner !== undefined && owner !== userId) {
        await audit('linked_apps.link.refused', userId, client, {
          app,
          externalUserId: user.id,
          reason: 'linked_elsewhere',
        });
        throw new AppError(422, LINKED_APP_MESSAGES.alreadyLinked(appName));
      }
      try {
        await db.transaction(async (tx) => {
          const sealed = sealLinkSecrets(appKey, app, userId, secrets);
          await links.in(tx).save({ userId, app, profile: profileOf(user), secrets: sealed }, at);
          await recordAudit(tx, {
            actorId: userId,
            action: 'linked_apps.linked',
            targetType: 'user',
            targetId: userId,
            ip: client.ip,
            details: { app, externalUserId: user.id },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(422, LINKED_APP_MESSAGES.alreadyLinked(appName));
        throw error;
      }
      tokens.forget({ userId });
      const record = await users.find(userId);
      if (!record) throw AppError.unauthenticated();
      return { kind: 'linked', user: record };
    },

    /** DELETE auth/unlink-{app}: the link is gone (already gone is fine: the result is the same). */
    async unlink(app: LinkedApp, userId: number, client: ClientInfo): Promise<UserRecord> {
      const externalUserId = await links.delete(userId, app);
      if (externalUserId !== undefined) {
        await audit('linked_apps.unlinked', userId, client, { app, externalUserId });
        tokens.forget({ userId });
      }
      const record = await users.find(userId);
      if (!record) throw AppError.unauthenticated();
      return record;
    },

    /**
     * GET auth/tattle-user: the TS user of the caller's stored TS session. A session TS no longer
     * honours clears the link (409: the SPA then offers to link again); TS down is 502 and the
     * link stays.
     */
    async tattleUser(userId: number, client: ClientInfo): Promise<ExternalUser> {
      const link = await links.findSecrets(userId, 'ts');
      if (!link) throw new AppError(409, LINKED_APP_MESSAGES.notLinked(LINKED_APP_NAMES.ts));
      const sessionId = openTelemetrySession(appKey, userId, link.secrets);
      const user = sessionId ? await telemetry.currentUser(sessionId) : null;
      if (!user) {
        // Only the link this check read: a new link made meanwhile stays.
        await links.delete(userId, 'ts', link.externalUserId);
        await audit('linked_apps.session_ended', userId, client, {
          app: 'ts',
          externalUserId: link.externalUserId,
        });
        tokens.forget({ userId });
        throw new AppError(409, LINKED_APP_MESSAGES.tattleSessionGone);
      }
      return user;
    },

    /** GET linked-apps: where each linked app opens. */
    openUrls: () => LINKED_APPS.map((app) => ({ app, url: deps.appUrls[app] })),

    /**
     * auth/login after the portal refused the credentials: LD, then TS (by email only). A system
     * that cannot be asked is skipped, and named if no other accepted the credentials.
     */
    async signIn(attempt: LoginRequest): Promise<ExternalSignInOutcome> {
      const unavailable: string[] = [];
      const apps: LinkedApp[] = looksLikeEmail(attempt.username) ? ['ld', 'ts'] : ['ld'];
      for (const app of apps) {
        let result;
        try {
          result = await signInAt(app, attempt);
        } catch (error) {
          if (!(error instanceof RemoteFailure)) throw error;
          unavailable.push(error.system);
          continue;
        }
        if (result.kind === 'code-required') return result;
        if (result.kind === 'rejected') continue;
        const { user, secrets } = result.account;
        const resolved = await resolveUser(app, user, secrets);
        return {
          kind: 'user',
          usedCode: app === 'ld' && Boolean(attempt.authKey),
          app,
          externalUserId: user.id,
          ...resolved,
        };
      }
      return unavailable.length ? { kind: 'unavailable', systems: unavailable } : { kind: 'rejected' };
    },

    /**
     * GET auth/external-login: whose hand-off token this is. LD is asked first, then TS; each
     * honours only its own tokens, once, so asking both consumes nothing twice. Null: neither knew it.
     */
    async handOff(token: string): Promise<ExternalUserResolved | null> {
      let failure: RemoteFailure | undefined;
      for (const [app, client] of [
        ['ld', dispatch],
        ['ts', telemetry],
      ] as const) {
        let user;
        try {
          user = await client.introspect(token);
        } catch (error) {
          if (!(error instanceof RemoteFailure)) throw error;
          failure ??= error;
          continue;
        }
        if (!user) continue;
        const resolved = await resolveUser(app, user, null);
        return { ...resolved, app, externalUserId: user.id };
      }
      if (failure) throw failure;
      return null;
    },
  };
}

export type LinkedAppsService = ReturnType<typeof createLinkedAppsService>;
