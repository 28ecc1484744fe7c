import * as z from 'zod/mini';
import { text } from './rules';

export const roleSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  short_name: z.string(),
});
export type Role = z.infer<typeof roleSchema>;
export const roleListSchema = z.array(roleSchema);

export const metaItemSchema = z.object({
  key: text().check(z.minLength(1), z.maxLength(100)),
  value: z.nullable(text().check(z.maxLength(5000))),
});
export type MetaItem = z.infer<typeof metaItemSchema>;

export const fileSchema = z.object({
  id: z.number().check(z.int()),
  user_id: z.number().check(z.int()),
  file_name: z.string(),
  public_url: z.string(),
  thumbnail_url: z.string(),
});
export type PortalFile = z.infer<typeof fileSchema>;

/** The User object of docs/api.md. It never carries a password hash or an external token. */
export const userSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  email: z.string(),
  username: z.nullable(z.string()),
  createdAt: z.string(),
  logo: z.nullable(fileSchema),
  roles: z.array(roleSchema),
  role: z.object({ is_admin: z.boolean() }),
  meta: z.array(metaItemSchema),
  dundas: z.nullable(z.object({ dundas_project_id: z.nullable(z.string()) })),
  ts: z.nullable(
    z.object({
      user_id: z.string(),
      username: z.nullable(z.string()),
      email: z.nullable(z.string()),
      name: z.nullable(z.string()),
      jsession_id: z.optional(z.string()),
    }),
  ),
  ld: z.nullable(
    z.object({
      user_id: z.string(),
      username: z.nullable(z.string()),
      email: z.nullable(z.string()),
      name: z.nullable(z.string()),
      client_name: z.nullable(z.string()),
      branch_name: z.nullable(z.string()),
    }),
  ),
  blocked: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** Reads a meta flag ("0"/"1") off a user. */
export const metaValue = (user: Pick<User, 'meta'>, key: string): string | null =>
  user.meta.find((m) => m.key === key)?.value ?? null;
export const metaFlag = (user: Pick<User, 'meta'>, key: string): boolean => metaValue(user, key) === '1';
export const hasRole = (user: Pick<User, 'roles'>, roleIds: readonly number[]): boolean =>
  user.roles.some((r) => roleIds.includes(r.id));
