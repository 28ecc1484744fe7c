import * as z from 'zod/mini';
import { COMMON_PASSWORDS } from './common-passwords';
import { text } from './rules';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { VALIDATION, required } from './messages';

/**
 * docs/product.md §5 Password: 6 to 15 characters, and not one of the most common passwords (ASVS
 * 6.2.4; checked case-insensitively, so 'Password1' is refused like 'password1').
 */
export const passwordRule = text().check(
  z.minLength(PASSWORD_MIN, { error: VALIDATION.passwordTooShort }),
  z.maxLength(PASSWORD_MAX, { error: VALIDATION.passwordTooLong }),
  z.refine((value) => !COMMON_PASSWORDS.has(value.toLowerCase()), {
    error: VALIDATION.passwordTooCommon,
  }),
);

/** A new password that must be given (Register, Reset password, Create User): empty says "required", not "too short". */
export const newPasswordSchema = z.pipe(
  text({ error: required('Password') }).check(z.minLength(1, { error: required('Password') })),
  passwordRule,
);

/**
 * docs/product.md §5 'Passwords must match', on password_confirmation, once a confirmation is typed (an empty
 * one has its own "required" message). Register, Reset password and the user form all use it.
 */
export const passwordsMustMatch = (
  v: { password: string; password_confirmation: string },
  ctx: z.core.$RefinementCtx,
) => {
  if (v.password_confirmation !== '' && v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: VALIDATION.passwordsMustMatch });
  }
};
