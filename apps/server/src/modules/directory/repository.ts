import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { ROLE_IDS, type LinkedApp } from '@portal/contract';
import { defineRepository } from '../../db/repository';
import { roles, userMeta, userRoles, users, type linkedAccounts } from '../../db/schema';
import type { Executor } from '../../db/types';

// The parts of a user that other modules' tables hold (roles, logo, linked accounts) are typed from
// the schema, not imported from those modules: the directory sits below every module
// (docs/decisions/0034-user-directory.md).

export type MetaRow = { key: string; value: string | null };
/** A role of the user (the roles module presents it). */
export type RoleRef = Pick<typeof roles.$inferSelect, 'id' | 'name' | 'shortName'>;
/** The user's logo as the User object needs it (files/presenter.ts builds its URLs from `key`). */
export type LogoRef = { id: number; key: string; fileName: string };
/** A linked LD/TS account as the User object shows it (the columns linkJson reads): never its sealed secrets. */
export type LinkRef = { app: LinkedApp } & Pick<
  typeof linkedAccounts.$inferSelect,
  'externalUserId' | 'username' | 'email' | 'name' | 'clientName' | 'branchName'
>;

/**
 * A user as services see it: roles and meta loaded, no password hash. presentUser() (modules/users)
 * shapes it for the wire.
 */
export type UserRecord = {
  id: number;
  name: string;
  email: string;
  username: string | null;
  createdAt: Date;
  blockedAt: Date | null;
  dundasProjectId: string | null;
  roles: RoleRef[];
  meta: MetaRow[];
  logo: LogoRef | null;
  links: LinkRef[];
};

/** A linked_accounts row (aliased `alias`) as the JSON of a LinkRef; the list engine adds userId. */
export const linkJson = (alias: SQL) =>
  sql`json_build_object('app', ${alias}.app, 'externalUserId', ${alias}.external_user_id,
    'username', ${alias}.username, 'email', ${alias}.email, 'name', ${alias}.name,
    'clientName', ${alias}.client_name, 'branchName', ${alias}.branch_name)`;

/**
 * Columns that load a UserRecord in the same row as its user: roles and meta come as JSON arrays
 * from correlated subqueries, so one round trip suffices (the auth guard joins this onto sessions).
 */
// Spelled out: in a single-table select drizzle renders ${users.id} unqualified, and inside these
// subqueries a bare "id" would bind to roles.id instead of the outer users row.
const outerUserId = sql.raw('"users"."id"');

export const userRecordColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  username: users.username,
  createdAt: users.createdAt,
  blockedAt: users.blockedAt,
  dundasProjectId: users.dundasProjectId,
  roles: sql<RoleRef[]>`coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name, 'shortName', r.short_name) order by r.id)
    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${outerUserId}
  ), '[]'::json)`,
  meta: sql<MetaRow[]>`coalesce((
    select json_agg(json_build_object('key', m.key, 'value', m.value) order by m.key)
    from user_meta m where m.user_id = ${outerUserId}
  ), '[]'::json)`,
  logo: sql<LogoRef | null>`(
    select json_build_object('id', f.id, 'key', f.key, 'fileName', f.file_name)
    from files f where f.user_id = ${outerUserId} and f.type = 'logo'
  )`,
  links: sql<LinkRef[]>`coalesce((
    select json_agg(${linkJson(sql.raw('l'))} order by l.app)
    from linked_accounts l where l.user_id = ${outerUserId}
  ), '[]'::json)`,
};

/** A sign-in's user: the whole record, so a successful sign-in needs no second read, and the hash. */
export type SignInCandidate = { user: UserRecord; passwordHash: string };

/**
 * The login name matches the email or the username, case-insensitively (the lower() indexes).
 * Prepared once per database: every sign-in runs it, and its subqueries make planning the costly part.
 */
function buildSignInCandidateQuery(db: Executor) {
  const needle = sql.placeholder('login');
  return (
    db
      .select({ user: userRecordColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(or(sql`lower(${users.email}) = ${needle}`, sql`lower(${users.username}) = ${needle}`))
      // One user's username could equal another's email: the email owner wins.
      .orderBy(sql`lower(${users.email}) = ${needle} desc`)
      .limit(1)
      .prepare('users_sign_in_candidate')
  );
}
const signInCandidateQueries = new WeakMap<Executor, ReturnType<typeof buildSignInCandidateQuery>>();

export type NewUser = {
  name: string;
  email: string;
  username?: string | null;
  passwordHash: string;
  roleIds: number[];
  meta?: MetaRow[];
  blockedAt?: Date | null;
  dundasProjectId?: string | null;
};

export type UserChanges = {
  name?: string;
  email?: string;
  passwordHash?: string;
  dundasProjectId?: string | null;
};

const byEmail = (email: string) => sql`lower(${users.email}) = ${email.trim().toLowerCase()}`;

/**
 * The user aggregate: a users row with its roles and meta. Every module that reads or writes users
 * does it here (modules/directory/index.ts exports it); reads may also join the read model above.
 */
export const createUserRepository = defineRepository((db: Executor) => {
  /** Sets these meta keys (others stay); a null value removes the key. */
  async function upsertMeta(userId: number, meta: MetaRow[], now = new Date()) {
    // The same key twice: the last one wins.
    const wanted = [...new Map(meta.map((m) => [m.key, m.value])).entries()];
    const removed = wanted.filter(([, value]) => value === null).map(([key]) => key);
    const kept = wanted.filter(([, value]) => value !== null);
    if (removed.length) {
      await db.delete(userMeta).where(and(eq(userMeta.userId, userId), inArray(userMeta.key, removed)));
    }
    if (kept.length) {
      await db
        .insert(userMeta)
        .values(kept.map(([key, value]) => ({ userId, key, value, createdAt: now, updatedAt: now })))
        .onConflictDoUpdate({
          target: [userMeta.userId, userMeta.key],
          set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
          // An unchanged value is not rewritten (no trigger work, no new row version).
          setWhere: sql`${userMeta.value} is distinct from excluded.value`,
        });
    }
  }

  return {
    async findSignInCandidate(login: string): Promise<SignInCandidate | undefined> {
      let query = signInCandidateQueries.get(db);
      if (!query) signInCandidateQueries.set(db, (query = buildSignInCandidateQuery(db)));
      const [row] = await query.execute({ login: login.trim().toLowerCase() });
      return row;
    },

    async find(id: number): Promise<UserRecord | undefined> {
      const [row] = await db.select(userRecordColumns).from(users).where(eq(users.id, id));
      return row;
    },

    async findIdByEmail(email: string): Promise<number | undefined> {
      const [row] = await db.select({ id: users.id }).from(users).where(byEmail(email));
      return row?.id;
    },

    /** Who a reset link may go to: the user of that email (blocked ones are answered alike, not mailed). */
    async findByEmail(email: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, blockedAt: users.blockedAt })
        .from(users)
        .where(byEmail(email));
      return row;
    },

    /** The ids among `userIds` that are users. */
    async existingIds(userIds: number[]): Promise<Set<number>> {
      const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
      return new Set(rows.map((r) => r.id));
    },

    /** Whether any user that can still sign in holds the admin role. */
    async hasActiveAdmin(): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, ROLE_IDS.admin)))
        .where(isNull(users.blockedAt))
        .limit(1);
      return row !== undefined;
    },

    /** Whether another user (blocked ones included: their email stays taken) has this email. */
    async isEmailTaken(email: string, exceptUserId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(byEmail(email), exceptUserId === undefined ? undefined : ne(users.id, exceptUserId)))
        .limit(1);
      return row !== undefined;
    },

    async roleExists(roleId: number): Promise<boolean> {
      const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
      return row !== undefined;
    },

    async insert(input: NewUser): Promise<number> {
      const [row] = await db
        .insert(users)
        .values({
          name: input.name,
          email: input.email.trim(),
          username: input.username ?? null,
          passwordHash: input.passwordHash,
          blockedAt: input.blockedAt ?? null,
          dundasProjectId: input.dundasProjectId ?? null,
        })
        .returning({ id: users.id });
      const id = row!.id;
      if (input.roleIds.length) {
        await db.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: id, roleId })));
      }
      if (input.meta?.length) await upsertMeta(id, input.meta);
      return id;
    },

    async update(userId: number, changes: UserChanges, now: Date) {
      await db
        .update(users)
        .set({
          ...changes,
          ...(changes.email !== undefined && { email: changes.email.trim() }),
          updatedAt: now,
        })
        .where(eq(users.id, userId));
    },

    /** The users' BI project (Dundas) is `projectId` afterwards; null removes it. */
    async setProject(userIds: number[], projectId: string | null, now: Date) {
      await db
        .update(users)
        .set({ dundasProjectId: projectId, updatedAt: now })
        .where(inArray(users.id, userIds));
    },

    /** The user holds exactly these roles afterwards. */
    async replaceRoles(userId: number, roleIds: number[]) {
      await db.delete(userRoles).where(eq(userRoles.userId, userId));
      if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
    },

    async grantRole(userId: number, roleId: number) {
      await db.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
    },

    upsertMeta,

    async listMeta(userId: number): Promise<MetaRow[]> {
      return db
        .select({ key: userMeta.key, value: userMeta.value })
        .from(userMeta)
        .where(eq(userMeta.userId, userId))
        .orderBy(userMeta.key);
    },

    /** Removes the user; sessions, roles, meta and files go with it (foreign keys cascade). */
    async delete(userId: number): Promise<boolean> {
      const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
      return rows.length > 0;
    },

    async block(userId: number, now: Date) {
      await db
        .update(users)
        .set({ blockedAt: now, updatedAt: now })
        .where(and(eq(users.id, userId), isNull(users.blockedAt)));
    },

    async unblock(userId: number) {
      await db.update(users).set({ blockedAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    /** The stored password hash of a user (re-authentication), or undefined when there is no such user. */
    async passwordHashOf(userId: number): Promise<string | undefined> {
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
      return row?.hash;
    },

    async setPasswordHash(userId: number, passwordHash: string) {
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    /** Serialises a transaction against others taking the same lock id (PostgreSQL advisory lock). */
    async lockForTransaction(lockId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(${lockId})`);
    },
  };
});

export type UserRepository = ReturnType<typeof createUserRepository>;
