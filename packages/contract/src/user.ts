import { z } from 'zod';

export const roleSchema = z.object({ id: z.number().int(), name: z.string(), short_name: z.string() });
export type Role = z.infer<typeof roleSchema>;

export const metaItemSchema = z.object({
  key: z.string().min(1).max(100),
  value: z.string().max(5000).nullable(),
});
export type MetaItem = z.infer<typeof metaItemSchema>;

export const fileSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  file_name: z.string(),
  public_url: z.string(),
  thumbnail_url: z.string(),
});
export type PortalFile = z.infer<typeof fileSchema>;

/** The User object of API.md. It never carries a password hash or an external token. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  createdAt: z.string(),
  logo: fileSchema.nullable(),
  roles: z.array(roleSchema),
  role: z.object({ is_admin: z.boolean() }),
  meta: z.array(metaItemSchema),
  dundas: z.object({ dundas_project_id: z.string().nullable() }).nullable(),
  ts: z
    .object({
      user_id: z.string(),
      username: z.string().nullable(),
      email: z.string().nullable(),
      name: z.string().nullable(),
      jsession_id: z.string().optional(),
    })
    .nullable(),
  ld: z
    .object({
      user_id: z.string(),
      username: z.string().nullable(),
      email: z.string().nullable(),
      name: z.string().nullable(),
      client_name: z.string().nullable(),
      branch_name: z.string().nullable(),
    })
    .nullable(),
  blocked: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** Reads a meta flag ("0"/"1") off a user. */
export const metaValue = (user: Pick<User, 'meta'>, key: string): string | null =>
  user.meta.find((m) => m.key === key)?.value ?? null;
export const metaFlag = (user: Pick<User, 'meta'>, key: string): boolean => metaValue(user, key) === '1';
export const hasRole = (user: Pick<User, 'roles'>, roleIds: readonly number[]): boolean =>
  user.roles.some((r) => roleIds.includes(r.id));
