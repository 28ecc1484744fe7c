import { and, asc, count, eq, sql } from 'drizzle-orm';
import { defineRepository } from '../../db/repository';
import { ssoAttempts, ssoIdentities, ssoProviders, users } from '../../db/schema';
import type { Executor } from '../../db/types';

export type ProviderRow = typeof ssoProviders.$inferSelect & { links: number };
export type NewProvider = Omit<typeof ssoProviders.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type LinkRow = {
  id: number;
  userId: number;
  userName: string;
  providerId: number;
  providerName: string;
  subject: string;
  email: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
};
export type AttemptRow = typeof ssoAttempts.$inferSelect;

const linkColumns = {
  id: ssoIdentities.id,
  userId: ssoIdentities.userId,
  userName: users.name,
  providerId: ssoIdentities.providerId,
  providerName: ssoProviders.name,
  subject: ssoIdentities.subject,
  email: ssoIdentities.email,
  createdAt: ssoIdentities.createdAt,
  lastUsedAt: ssoIdentities.lastUsedAt,
};

/** sso_providers, sso_identities and sso_attempts (docs/decisions/0043-single-sign-on.md). */
export const createSsoRepository = defineRepository((db: Executor) => {
  const linkCount = db
    .select({ providerId: ssoIdentities.providerId, links: count().as('links') })
    .from(ssoIdentities)
    .groupBy(ssoIdentities.providerId)
    .as('link_count');
  const providersWithLinks = () =>
    db
      .select({ provider: ssoProviders, links: sql<number>`coalesce(${linkCount.links}, 0)::int` })
      .from(ssoProviders)
      .leftJoin(linkCount, eq(linkCount.providerId, ssoProviders.id));
  const linksQuery = () =>
    db
      .select(linkColumns)
      .from(ssoIdentities)
      .innerJoin(users, eq(users.id, ssoIdentities.userId))
      .innerJoin(ssoProviders, eq(ssoProviders.id, ssoIdentities.providerId));

  return {
    async listProviders(): Promise<ProviderRow[]> {
      const rows = await providersWithLinks().orderBy(asc(ssoProviders.name), asc(ssoProviders.id));
      return rows.map((r) => ({ ...r.provider, links: r.links }));
    },

    async findProvider(id: number): Promise<ProviderRow | undefined> {
      const [row] = await providersWithLinks().where(eq(ssoProviders.id, id));
      return row && { ...row.provider, links: row.links };
    },

    /** The provider serving an email domain (enabled or not; the caller decides). */
    async findByDomain(domain: string): Promise<ProviderRow | undefined> {
      const [row] = await providersWithLinks()
        .where(sql`${domain} = any(${ssoProviders.domains})`)
        .orderBy(asc(ssoProviders.id))
        .limit(1);
      return row && { ...row.provider, links: row.links };
    },

    /** The enabled providers whose domains must sign in with them (SSO required), oldest first. */
    async requiredProviders(): Promise<Array<{ name: string; domains: string[] }>> {
      return db
        .select({ name: ssoProviders.name, domains: ssoProviders.domains })
        .from(ssoProviders)
        .where(and(eq(ssoProviders.enabled, true), eq(ssoProviders.ssoRequired, true)))
        .orderBy(asc(ssoProviders.id));
    },

    async countProviders(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(ssoProviders);
      return row?.n ?? 0;
    },

    async insertProvider(values: NewProvider, now: Date): Promise<number> {
      const [row] = await db
        .insert(ssoProviders)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning({ id: ssoProviders.id });
      return row!.id;
    },

    async updateProvider(id: number, values: Partial<NewProvider>, now: Date): Promise<boolean> {
      const rows = await db
        .update(ssoProviders)
        .set({ ...values, updatedAt: now })
        .where(eq(ssoProviders.id, id))
        .returning({ id: ssoProviders.id });
      return rows.length > 0;
    },

    async deleteProvider(id: number): Promise<boolean> {
      const rows = await db
        .delete(ssoProviders)
        .where(eq(ssoProviders.id, id))
        .returning({ id: ssoProviders.id });
      return rows.length > 0;
    },

    async linksOfUser(userId: number): Promise<LinkRow[]> {
      return linksQuery().where(eq(ssoIdentities.userId, userId)).orderBy(asc(ssoIdentities.id));
    },

    async linksOfProvider(providerId: number): Promise<LinkRow[]> {
      return linksQuery().where(eq(ssoIdentities.providerId, providerId)).orderBy(asc(ssoIdentities.id));
    },

    async findLink(id: number): Promise<LinkRow | undefined> {
      const [row] = await linksQuery().where(eq(ssoIdentities.id, id));
      return row;
    },

    async deleteLink(id: number): Promise<boolean> {
      const rows = await db
        .delete(ssoIdentities)
        .where(eq(ssoIdentities.id, id))
        .returning({ id: ssoIdentities.id });
      return rows.length > 0;
    },

    async findIdentity(providerId: number, subject: string) {
      const [row] = await db
        .select()
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.providerId, providerId), eq(ssoIdentities.subject, subject)));
      return row;
    },

    async findIdentityOfUser(providerId: number, userId: number) {
      const [row] = await db
        .select()
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.providerId, providerId), eq(ssoIdentities.userId, userId)));
      return row;
    },

    async insertIdentity(
      values: { userId: number; providerId: number; subject: string; email: string | null },
      now: Date,
    ) {
      await db.insert(ssoIdentities).values({ ...values, createdAt: now, lastUsedAt: now });
    },

    async touchIdentity(id: number, email: string | null, now: Date) {
      await db.update(ssoIdentities).set({ email, lastUsedAt: now }).where(eq(ssoIdentities.id, id));
    },

    async insertAttempt(values: AttemptRow) {
      await db.insert(ssoAttempts).values(values);
    },

    /** Takes an attempt: it is deleted whatever follows (single use). */
    async takeAttempt(stateHash: string): Promise<AttemptRow | undefined> {
      const [row] = await db.delete(ssoAttempts).where(eq(ssoAttempts.stateHash, stateHash)).returning();
      return row;
    },
  };
});

export type SsoRepository = ReturnType<typeof createSsoRepository>;
