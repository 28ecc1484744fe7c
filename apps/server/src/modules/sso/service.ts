import { ROLE_IDS, SSO_MESSAGES, type SaveSsoProviderRequest } from '@portal/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { openSecret, sealSecret } from '../../lib/secret-box';
import type { Actor, UserRepository } from '../directory';
import type { ProviderRow, SsoRepository } from './repository';

export type SsoServiceDeps = {
  db: Db;
  sso: SsoRepository;
  users: UserRepository;
  appKey: Buffer;
  /** Production: issuers must be https. */
  requireHttps: boolean;
  now: () => Date;
};

/**
 * How long a password sign-in trusts the "SSO required" domains it read: every sign-in asked the
 * database before (docs/decisions/0043-single-sign-on.md). A change made here applies at once; one
 * made on another instance (or in the database) within this time, as a revoked session does
 * (tokens' SESSION_CACHE_TTL_MS).
 */
export const SSO_REQUIRED_CACHE_MS = 1_000;

/** Bound to the provider row: a sealed secret copied to another row does not open. */
const secretContext = (providerId: number) => `sso_providers:${providerId}`;

/** The domain of an email, lower-case; undefined when the text is not an email. */
export function domainOf(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return undefined;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}

/** The body's domains as stored: trimmed, lower-cased, once each. */
const domainsOf = (body: SaveSsoProviderRequest) => [
  ...new Set(body.domains.map((d) => d.trim().toLowerCase()).filter(Boolean)),
];

/**
 * Identity providers (admin), the lookup of the sign-in page, the "SSO required" rule the password
 * sign-in asks, and the links between users and identities (docs/decisions/0043-single-sign-on.md).
 */
export function createSsoService(deps: SsoServiceDeps) {
  const { db, sso, users, appKey, now } = deps;

  async function checkProvider(body: SaveSsoProviderRequest, exceptId?: number) {
    const errors: Record<string, string[]> = {};
    if (deps.requireHttps && !body.issuer.startsWith('https://')) errors.issuer = [SSO_MESSAGES.issuerHttps];
    if (!(await users.roleExists(body.role_id))) errors.role_id = [SSO_MESSAGES.unknownRole];
    for (const domain of domainsOf(body)) {
      const owner = await sso.findByDomain(domain);
      if (owner && owner.id !== exceptId) {
        errors.domains = [SSO_MESSAGES.domainTaken(domain, owner.name)];
        break;
      }
    }
    if (Object.keys(errors).length) throw AppError.validation(errors);
  }

  const valuesOf = (body: SaveSsoProviderRequest) => ({
    name: body.name,
    issuer: body.issuer.replace(/\/$/, ''),
    clientId: body.client_id,
    domains: domainsOf(body),
    roleId: body.role_id,
    createUsers: body.create_users,
    ssoRequired: body.sso_required,
    enabled: body.enabled,
  });
  /** What the audit trail says of a provider: never the secret. */
  const auditOf = (body: SaveSsoProviderRequest) => ({
    ...valuesOf(body),
    clientSecretChanged: Boolean(body.client_secret),
  });

  // The domains that must sign in with their provider, by domain: read at most once per
  // SSO_REQUIRED_CACHE_MS, by one query that sign-ins arriving meanwhile share.
  let required: { readAt: number; names: Promise<Map<string, string>> } | undefined;
  function requiredDomains(): Promise<Map<string, string>> {
    const at = now().getTime();
    if (required && at >= required.readAt && at - required.readAt < SSO_REQUIRED_CACHE_MS)
      return required.names;
    const names = sso.requiredProviders().then((rows) => {
      const byDomain = new Map<string, string>();
      for (const row of rows)
        for (const domain of row.domains) if (!byDomain.has(domain)) byDomain.set(domain, row.name);
      return byDomain;
    });
    const read = { readAt: at, names };
    required = read;
    // A failed read is not kept: the next sign-in asks again.
    names.catch(() => {
      if (required === read) required = undefined;
    });
    return names;
  }
  /** After a change to the providers on this instance: the next sign-in reads them anew. */
  const forgetRequired = () => {
    required = undefined;
  };

  async function mustFind(id: number): Promise<ProviderRow> {
    const provider = await sso.findProvider(id);
    if (!provider) throw AppError.notFound();
    return provider;
  }

  return {
    listProviders: () => sso.listProviders(),
    getProvider: mustFind,

    async createProvider(body: SaveSsoProviderRequest, actor: Actor): Promise<ProviderRow> {
      await checkProvider(body);
      const id = await db.transaction(async (tx) => {
        const repo = sso.in(tx);
        const created = await repo.insertProvider({ ...valuesOf(body), clientSecret: null }, now());
        if (body.client_secret)
          await repo.updateProvider(
            created,
            { clientSecret: sealSecret(appKey, secretContext(created), body.client_secret) },
            now(),
          );
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'sso.provider.created',
          targetType: 'sso_provider',
          targetId: created,
          ip: actor.ip,
          details: auditOf(body),
        });
        return created;
      });
      forgetRequired();
      return mustFind(id);
    },

    async updateProvider(id: number, body: SaveSsoProviderRequest, actor: Actor): Promise<ProviderRow> {
      await mustFind(id);
      await checkProvider(body, id);
      await db.transaction(async (tx) => {
        await sso.in(tx).updateProvider(
          id,
          {
            ...valuesOf(body),
            ...(body.client_secret && {
              clientSecret: sealSecret(appKey, secretContext(id), body.client_secret),
            }),
          },
          now(),
        );
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'sso.provider.updated',
          targetType: 'sso_provider',
          targetId: id,
          ip: actor.ip,
          details: auditOf(body),
        });
      });
      forgetRequired();
      return mustFind(id);
    },

    async deleteProvider(id: number, actor: Actor): Promise<void> {
      const provider = await mustFind(id);
      await db.transaction(async (tx) => {
        await sso.in(tx).deleteProvider(id);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'sso.provider.deleted',
          targetType: 'sso_provider',
          targetId: id,
          ip: actor.ip,
          details: { name: provider.name, issuer: provider.issuer, links: provider.links },
        });
      });
      forgetRequired();
    },

    async linksOfProvider(id: number) {
      await mustFind(id);
      return sso.linksOfProvider(id);
    },

    linksOfUser: (userId: number) => sso.linksOfUser(userId),

    /** An admin removes a link: the identity no longer signs the user in (until linked again). */
    async removeLink(id: number, actor: Actor): Promise<void> {
      const link = await sso.findLink(id);
      if (!link) throw AppError.notFound();
      await db.transaction(async (tx) => {
        await sso.in(tx).deleteLink(id);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'sso.link.removed',
          targetType: 'user',
          targetId: link.userId,
          ip: actor.ip,
          details: { providerId: link.providerId, provider: link.providerName, subject: link.subject },
        });
      });
    },

    /** The sign-in page's lookup: the enabled provider serving the email's domain. */
    async lookup(email: string): Promise<{ id: number; name: string } | null> {
      const domain = domainOf(email);
      if (!domain) return null;
      const provider = await sso.findByDomain(domain);
      return provider?.enabled ? { id: provider.id, name: provider.name } : null;
    },

    /** The provider a password sign-in with this email must go to instead (SSO required), if any. */
    async requiredFor(email: string): Promise<{ name: string } | undefined> {
      const domain = domainOf(email);
      if (!domain) return undefined;
      const name = (await requiredDomains()).get(domain);
      return name === undefined ? undefined : { name };
    },

    /** The client secret of a provider, opened; undefined when none is stored or it cannot be opened. */
    clientSecretOf(provider: Pick<ProviderRow, 'id' | 'clientSecret'>): string | undefined {
      if (!provider.clientSecret) return undefined;
      return openSecret(appKey, secretContext(provider.id), provider.clientSecret) ?? undefined;
    },

    /**
     * Outside production, with no provider configured: the identity provider simulator is one, so
     * single sign-on works out of the box in development (docs/integrations.md).
     */
    async configureSimulator(simulator: {
      issuer: string;
      domain: string;
      clientId: string;
      clientSecret: string;
    }) {
      if ((await sso.countProviders()) > 0) return;
      await db.transaction(async (tx) => {
        const repo = sso.in(tx);
        const id = await repo.insertProvider(
          {
            name: 'Example SSO',
            issuer: simulator.issuer,
            clientId: simulator.clientId,
            clientSecret: null,
            domains: [simulator.domain],
            roleId: ROLE_IDS.customer,
            createUsers: true,
            ssoRequired: false,
            enabled: true,
          },
          now(),
        );
        await repo.updateProvider(
          id,
          { clientSecret: sealSecret(appKey, secretContext(id), simulator.clientSecret) },
          now(),
        );
      });
      forgetRequired();
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
