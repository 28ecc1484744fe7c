import * as z from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { VALIDATION, required } from './messages';
import { emailSchema } from './users';

/** Texts of the password reset and sign-up answers (SPEC §2; the same whatever the email). */
export const PASSWORD_MESSAGES = {
  resetLinkSent: 'If an account exists for that email, we have sent a password reset link.',
  forgotIntro: 'Please enter your email. We will send you a reset link.',
  tooManyResetRequests: 'Too many reset requests. Please try again later.',
  resetDone: 'Your password has been reset. You can now sign in with your new password.',
  invalidResetToken: 'This password reset link is invalid or has expired.',
  emailTaken: 'The email has already been taken.',
} as const;

/** Reset links live 60 minutes (DESIGN.md "Security baseline"). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** POST passwords/forgot: per email and per IP, in fixed windows shared by every instance. */
export const FORGOT_PASSWORD_LIMITS = {
  perEmail: 3,
  perIp: 20,
  windowMs: 15 * 60_000,
} as const;

/** A new password: required, 6 to 15 characters (SPEC §5). */
export const newPasswordSchema = z
  .string({ error: required('Password') })
  .check(
    z.minLength(1, { error: required('Password') }),
    z.minLength(PASSWORD_MIN, { error: VALIDATION.passwordTooShort }),
    z.maxLength(PASSWORD_MAX, { error: VALIDATION.passwordTooLong }),
  );

export const passwordConfirmationSchema = z
  .string({ error: required('Confirm password') })
  .check(z.minLength(1, { error: required('Confirm password') }));

/** Adds 'Passwords must match' on password_confirmation. */
export const passwordsMustMatch = (
  v: { password: string; password_confirmation: string },
  ctx: z.core.$RefinementCtx,
) => {
  if (v.password_confirmation !== '' && v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: VALIDATION.passwordsMustMatch });
  }
};

/** Forgot password form and `POST passwords/forgot` body. */
export const forgotPasswordSchema = z.object({ email: emailSchema() });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordSchema>;

/** What the person types on Reset Password. */
const passwordResetFields = {
  email: emailSchema(),
  password: newPasswordSchema,
  password_confirmation: passwordConfirmationSchema,
};

/** Reset password form: the fields the person types (the token comes from the link). */
export const passwordResetFormSchema = z.object(passwordResetFields).check(z.superRefine(passwordsMustMatch));

/** `POST passwords/reset` body: the form's fields and the link's token. */
export const passwordResetSchema = z
  .object({
    token: z.string({ error: PASSWORD_MESSAGES.invalidResetToken }).check(z.minLength(1), z.maxLength(200)),
    ...passwordResetFields,
  })
  .check(z.superRefine(passwordsMustMatch));
export type PasswordResetRequest = z.infer<typeof passwordResetSchema>;
