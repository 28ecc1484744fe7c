import { z } from 'zod';

/** An id as an external system sends it (number or string); we keep it as text. */
export const externalId = z.union([z.string().min(1).max(200), z.number().int()]).transform(String);
const optionalText = z
  .string()
  .max(255)
  .nullish()
  .transform((v) => v ?? null);

/** The user object LD and TS answer (docs/integrations.md); LD adds client_name and branch_name. */
export const externalUserSchema = z.object({
  id: externalId,
  username: optionalText,
  email: optionalText,
  name: optionalText,
  client_name: optionalText,
  branch_name: optionalText,
});
export type ExternalUser = z.infer<typeof externalUserSchema>;

/** The answer of both systems' `POST /api/sso/introspect`: whose hand-off token this was. */
export const introspectionSchema = z.object({ user: externalUserSchema });

/** What a sign-in at an external system comes to, whichever system it is. */
export type ExternalSignInResult<Signed> =
  | ({ kind: 'signed-in'; user: ExternalUser } & Signed)
  | { kind: 'code-required'; message: string }
  | { kind: 'rejected'; message: string };
