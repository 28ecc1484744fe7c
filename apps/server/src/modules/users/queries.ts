import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { ROLE_IDS } from '@portal/contract';
import { userMeta, userRoles, users } from '../../db/schema';
import type { Executor } from '../../db/types';

export type RoleRow = { id: number; name: string; shortName: string };
export type MetaRow = { key: string; value: string | null };

/** A user as services see it: roles and meta loaded, no password hash. presentUser() shapes it for the wire. */
export type UserRecord = {
  id: number;
  name: string;
  email: string;
  username: string | null;
  createdAt: Date;
  blockedAt: Date | null;
  roles: RoleRow[];
  meta: MetaRow[];
};

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
  roles: sql<RoleRow[]>`coalesce((
    select json_agg(json_build_object('id', r.id, 'name', r.name, 'shortName', r.short_name) order by r.id)
    from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${outerUserId}
  ), '[]'::json)`,
  meta: sql<MetaRow[]>`coalesce((
    select json_agg(json_build_object('key', m.key, 'value', m.value) order by m.key)
    from user_meta m where m.user_id = ${outerUserId}
  ), '[]'::json)`,
};

/** The login name matches the email or the username, case-insensitively (the lower() indexes). */
export async function findSignInCandidate(db: Executor, login: string) {
  const needle = login.trim().toLowerCase();
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, blockedAt: users.blockedAt })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${needle}`, sql`lower(${users.username}) = ${needle}`))
    // One user's username could equal another's email: the email owner wins.
    .orderBy(sql`lower(${users.email}) = ${needle} desc`)
    .limit(1);
  return row;
}

export async function findUserRecord(db: Executor, id: number): Promise<UserRecord | undefined> {
  const [row] = await db.select(userRecordColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function findUserIdByEmail(db: Executor, email: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row?.id;
}

/** Whether any user that can still sign in holds the admin role. */
export async function hasActiveAdmin(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, and(eq(userRoles.userId, users.id), eq(userRoles.roleId, ROLE_IDS.admin)))
    .where(isNull(users.blockedAt))
    .limit(1);
  return row !== undefined;
}

export type NewUser = {
  name: string;
  email: string;
  username?: string | null;
  passwordHash: string;
  roleIds: number[];
  meta?: MetaRow[];
  blockedAt?: Date | null;
};

export async function insertUser(db: Executor, input: NewUser): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email.trim(),
      username: input.username ?? null,
      passwordHash: input.passwordHash,
      blockedAt: input.blockedAt ?? null,
    })
    .returning({ id: users.id });
  const id = row!.id;
  if (input.roleIds.length) {
    await db.insert(userRoles).values(input.roleIds.map((roleId) => ({ userId: id, roleId })));
  }
  if (input.meta?.length) {
    await db.insert(userMeta).values(input.meta.map((m) => ({ userId: id, key: m.key, value: m.value })));
  }
  return id;
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function grantRole(db: Executor, userId: number, roleId: number) {
  await db.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
}

export async function unblockUser(db: Executor, userId: number) {
  await db.update(users).set({ blockedAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Serialises a transaction against others taking the same lock id (PostgreSQL advisory lock). */
export async function lockForTransaction(db: Executor, lockId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(${lockId})`);
}
