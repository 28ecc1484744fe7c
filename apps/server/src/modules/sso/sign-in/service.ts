import { createHash, timingSafeEqual } from 'node:crypto';
import type * as OpenIdClient from 'openid-client';
import { SSO_MESSAGES, type SsoCallbackRequest } from '@portal/contract';
import type { Db } from '../../../db/client';
import { recordAudit } from '../../../lib/audit';
import type { ClientInfo } from '../../../lib/client-info';
import { isUniqueViolation } from '../../../lib/db-errors';
import { AppError } from '../../../lib/errors';
import { hashPassword } from '../../../lib/passwords';
import { openSecret, sealSecret } from '../../../lib/secret-box';
import { newOpaqueToken } from '../../../lib/tokens';
import type { AuthService, SignedIn } from '../../auth';
import type { UserRecord, UserRepository } from '../../directory';
import type { ProviderRow, SsoRepository } from '../repository';
import { domainOf, type SsoService } from '../service';

/**
 * openid-client, loaded at the first single sign-on (~7 MB of memory from the server's start
 * otherwise, for instances that may never see one; docs/decisions/0041-server-memory.md).
 */
let library: Promise<typeof OpenIdClient> | undefined;
const openIdClient = () => (library ??= import('openid-client'));

/** A started sign-in is good for this long (the person signs in at the provider meanwhile). */
export const SSO_ATTEMPT_TTL_MS = 10 * 60_000;
/** A provider's discovery document is reused this long. */
const DISCOVERY_TTL_MS = 10 * 60_000;

export type SsoSignInDeps = {
  db: Db;
  sso: SsoRepository;
  providers: SsoService;
  users: UserRepository;
  auth: Pick<AuthService, 'openSession'>;
  appKey: Buffer;
  /** `{APP_URL}/sso/callback`: the web app's page that finishes the sign-in. */
  redirectUri: string;
  fetch: typeof fetch;
  /** Outside production http issuers are allowed (the simulator, a local test provider). */
  allowHttp: boolean;
  timeoutMs: number;
  now: () => Date;
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');
const attemptContext = (stateHash: string) => `sso_attempts:${stateHash}`;

/** A network failure or time-out somewhere in the cause chain (the provider is down, not wrong). */
function unreachable(error: unknown): boolean {
  for (
    let e = error as { name?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
    if (e instanceof TypeError && /fetch|network|ECONNREFUSED|ENOTFOUND/i.test(e.message ?? '')) return true;
  }
  return false;
}

type Refusal =
  | 'attempt_invalid'
  | 'provider_disabled'
  | 'cancelled'
  | 'provider_refused'
  | 'email_not_verified'
  | 'wrong_domain'
  | 'no_account'
  | 'blocked'
  | 'other_identity';

const refusalMessages: Record<Refusal, string> = {
  attempt_invalid: SSO_MESSAGES.attemptInvalid,
  provider_disabled: SSO_MESSAGES.providerDisabled,
  cancelled: SSO_MESSAGES.cancelled,
  provider_refused: SSO_MESSAGES.providerRefused,
  email_not_verified: SSO_MESSAGES.emailNotVerified,
  wrong_domain: SSO_MESSAGES.wrongDomain,
  no_account: SSO_MESSAGES.noAccount,
  blocked: SSO_MESSAGES.blocked,
  other_identity: SSO_MESSAGES.otherIdentity,
};

/**
 * The sign-in with an identity provider: Authorization Code with PKCE, `state` and `nonce`
 * (openid-client, a certified relying party). The attempt is kept in the database (any instance
 * finishes it), single use, for SSO_ATTEMPT_TTL_MS, and bound to the browser that started it by a
 * secret only that browser holds. Account-linking rules: docs/decisions/0043-single-sign-on.md.
 */
export function createSsoSignIn(deps: SsoSignInDeps) {
  const { db, sso, providers, users, appKey, now } = deps;
  const configs = new Map<number, { key: string; at: number; config: OpenIdClient.Configuration }>();

  async function configOf(provider: ProviderRow): Promise<OpenIdClient.Configuration> {
    const oidc = await openIdClient();
    const key = `${provider.issuer}|${provider.clientId}|${provider.updatedAt.getTime()}`;
    const cached = configs.get(provider.id);
    if (cached && cached.key === key && now().getTime() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const secret = providers.clientSecretOf(provider);
    try {
      const config = await oidc.discovery(
        new URL(provider.issuer),
        provider.clientId,
        undefined,
        secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
        {
          [oidc.customFetch]: deps.fetch as never,
          timeout: Math.ceil(deps.timeoutMs / 1000),
          execute: deps.allowHttp ? [oidc.allowInsecureRequests] : [],
        },
      );
      configs.set(provider.id, { key, at: now().getTime(), config });
      return config;
    } catch (error) {
      throw new AppError(502, SSO_MESSAGES.providerUnavailable(provider.name), { cause: error });
    }
  }

  async function refuse(
    reason: Refusal,
    client: ClientInfo,
    details: Record<string, unknown>,
    userId: number | null = null,
    status = reason === 'other_identity' ? 409 : 401,
  ): Promise<never> {
    await recordAudit(db, {
      actorId: null,
      action: 'auth.sso.failed',
      targetType: 'user',
      targetId: userId,
      ip: client.ip,
      details: { reason, ...details },
    });
    throw new AppError(status, refusalMessages[reason]);
  }

  /** The portal user an identity signs in, by the rules of decision 0043 (links, then verified email). */
  async function resolveUser(
    provider: ProviderRow,
    claims: { sub: string; email?: string; emailVerified: boolean; name?: string },
    client: ClientInfo,
  ): Promise<{ user: UserRecord; created: boolean }> {
    const audit = { providerId: provider.id, subject: claims.sub };
    const identity = await sso.findIdentity(provider.id, claims.sub);
    if (identity) {
      const user = await users.find(identity.userId);
      if (!user || user.blockedAt) return refuse('blocked', client, audit, identity.userId);
      await sso.touchIdentity(identity.id, claims.email ?? identity.email, now());
      return { user, created: false };
    }
    // No link yet: the email decides, and only an email the provider verified, in a domain it serves.
    if (!claims.email || !claims.emailVerified) return refuse('email_not_verified', client, audit);
    const domain = domainOf(claims.email);
    if (!domain || !provider.domains.includes(domain))
      return refuse('wrong_domain', client, { ...audit, domain });
    const existingId = await users.findIdByEmail(claims.email);
    if (existingId !== undefined) {
      const user = await users.find(existingId);
      if (!user || user.blockedAt) return refuse('blocked', client, audit, existingId);
      if (await sso.findIdentityOfUser(provider.id, user.id))
        return refuse('other_identity', client, audit, user.id);
      try {
        await db.transaction(async (tx) => {
          await sso
            .in(tx)
            .insertIdentity(
              { userId: user.id, providerId: provider.id, subject: claims.sub, email: claims.email! },
              now(),
            );
          await recordAudit(tx, {
            actorId: user.id,
            action: 'sso.link.created',
            targetType: 'user',
            targetId: user.id,
            ip: client.ip,
            details: { ...audit, email: claims.email },
          });
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return refuse('other_identity', client, audit, user.id);
      }
      return { user, created: false };
    }
    if (!provider.createUsers) return refuse('no_account', client, { ...audit, domain });
    // Nobody knows this password: the person signs in through the provider.
    const passwordHash = await hashPassword(newOpaqueToken());
    let userId: number;
    try {
      userId = await db.transaction(async (tx) => {
        const id = await users.in(tx).insert({
          name: claims.name?.trim() || claims.email!,
          email: claims.email!,
          passwordHash,
          roleIds: [provider.roleId],
        });
        await sso
          .in(tx)
          .insertIdentity(
            { userId: id, providerId: provider.id, subject: claims.sub, email: claims.email! },
            now(),
          );
        await recordAudit(tx, {
          actorId: id,
          action: 'users.created_from_sso',
          targetType: 'user',
          targetId: id,
          ip: client.ip,
          details: { ...audit, roleId: provider.roleId },
        });
        return id;
      });
    } catch (error) {
      // Another request made the same user or link a moment ago: that one wins.
      if (!isUniqueViolation(error)) throw error;
      const winner = await sso.findIdentity(provider.id, claims.sub);
      if (!winner) return refuse('other_identity', client, audit);
      userId = winner.userId;
    }
    const user = await users.find(userId);
    if (!user) throw AppError.unauthenticated();
    return { user, created: true };
  }

  return {
    /** POST auth/sso/start: where to send the browser, and the secret it brings back. */
    async start(providerId: number, client: ClientInfo): Promise<{ url: string; attempt: string }> {
      const oidc = await openIdClient();
      const provider = await sso.findProvider(providerId);
      if (!provider) throw AppError.notFound();
      if (!provider.enabled) throw new AppError(409, SSO_MESSAGES.providerDisabled);
      const config = await configOf(provider);
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const attempt = newOpaqueToken();
      const stateHash = sha256(state);
      const at = now();
      await sso.insertAttempt({
        stateHash,
        providerId: provider.id,
        bindingHash: sha256(attempt),
        secrets: sealSecret(appKey, attemptContext(stateHash), JSON.stringify({ codeVerifier, nonce })),
        createdAt: at,
        expiresAt: new Date(at.getTime() + SSO_ATTEMPT_TTL_MS),
      });
      await recordAudit(db, {
        actorId: null,
        action: 'auth.sso.started',
        targetType: 'sso_provider',
        targetId: provider.id,
        ip: client.ip,
      });
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: deps.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, attempt };
    },

    /** POST auth/sso/callback: the provider's answer checked, the user resolved, a session opened. */
    async finish(
      body: SsoCallbackRequest,
      client: ClientInfo,
    ): Promise<{ session: SignedIn; created: boolean }> {
      const oidc = await openIdClient();
      const stateHash = sha256(body.state);
      const attempt = await sso.takeAttempt(stateHash);
      const bound =
        attempt &&
        timingSafeEqual(Buffer.from(attempt.bindingHash), Buffer.from(sha256(body.attempt))) &&
        attempt.expiresAt.getTime() > now().getTime();
      const sealed = bound ? openSecret(appKey, attemptContext(stateHash), attempt.secrets) : null;
      if (!attempt || !sealed) return refuse('attempt_invalid', client, {});
      const details = { providerId: attempt.providerId };
      const provider = await sso.findProvider(attempt.providerId);
      if (!provider) return refuse('attempt_invalid', client, details);
      if (!provider.enabled) return refuse('provider_disabled', client, details);
      if (body.error) return refuse('cancelled', client, { ...details, error: body.error });
      const { codeVerifier, nonce } = JSON.parse(sealed) as { codeVerifier: string; nonce: string };
      const config = await configOf(provider);
      const returned = new URL(deps.redirectUri);
      for (const key of ['code', 'state', 'iss'] as const)
        if (body[key] !== undefined) returned.searchParams.set(key, body[key]!);
      let claims: { sub: string; email?: string; emailVerified: boolean; name?: string };
      try {
        const tokens = await oidc.authorizationCodeGrant(config, returned, {
          pkceCodeVerifier: codeVerifier,
          expectedState: body.state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims()!;
        let source: Record<string, unknown> = idClaims;
        // Providers that keep the email out of the ID token give it at userinfo.
        if (idClaims.email === undefined && tokens.access_token)
          source = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
        claims = {
          sub: idClaims.sub,
          email: typeof source.email === 'string' ? source.email.trim() : undefined,
          emailVerified: source.email_verified === true,
          name: typeof source.name === 'string' ? source.name : undefined,
        };
      } catch (error) {
        if (unreachable(error))
          throw new AppError(502, SSO_MESSAGES.providerUnavailable(provider.name), { cause: error });
        const code = (error as { code?: string; error?: string }).code ?? (error as { error?: string }).error;
        return refuse('provider_refused', client, { ...details, error: code ?? 'invalid_response' });
      }
      const { user, created } = await resolveUser(provider, claims, client);
      const session = await deps.auth.openSession(
        user.id,
        client,
        { via: 'sso', providerId: provider.id, subject: claims.sub, ...(created && { created }) },
        user,
      );
      return { session, created };
    },
  };
}

export type SsoSignIn = ReturnType<typeof createSsoSignIn>;
