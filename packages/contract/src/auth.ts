import * as z from 'zod/mini';
import { text } from './rules';
import { required } from './messages';
import { userSchema } from './user';

/** A required, trimmed text field whose every failure says `{Label} is a required field`. */
export const requiredText = (label: string, max = 255) =>
  text({ error: required(label) }).check(
    z.trim(),
    z.minLength(1, { error: required(label) }),
    z.maxLength(max, { error: `${label} may not be greater than ${max} characters` }),
  );

/** Label of the username field: by app (docs/product.md §5). */
export const signInUsernameLabel = (app?: 'ld' | 'ts') =>
  app === 'ld' ? 'Username' : app === 'ts' ? 'Email' : 'Email or Username';

/**
 * Sign-in form and `POST auth/login` body. The form builds it with the app's label and whether the
 * security code is shown; the server accepts the general form (authKey optional).
 */
export const signInSchema = (opts: { app?: 'ld' | 'ts'; needsCode?: boolean } = {}) =>
  z.object({
    username: requiredText(signInUsernameLabel(opts.app)),
    password: text({ error: required('Password') }).check(
      z.minLength(1, { error: required('Password') }),
      z.maxLength(1024, { error: 'Password is too long' }),
    ),
    authKey: opts.needsCode
      ? requiredText('Security code', 64)
      : z.union([z.optional(text().check(z.trim(), z.maxLength(64))), z.literal('')]),
  });
export const loginRequestSchema = signInSchema();
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionSchema = z.object({
  user: userSchema,
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().check(z.int()),
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * The 202 of a sign-in: a code is needed. `secret` when the portal mailed the code (finish with
 * two-fa/verify); absent when a linked app (LD) asked for its own one-time code (send the same
 * sign-in again with the code as authKey).
 */
export const twoFactorChallengeSchema = z.object({ secret: z.optional(z.string()), message: z.string() });
export const refreshRequestSchema = z.object({
  refresh_token: text().check(z.minLength(1), z.maxLength(200)),
});
