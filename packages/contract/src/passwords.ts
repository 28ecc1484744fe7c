import * as z from 'zod/mini';
import { text } from './rules';
import { required } from './messages';
import { newPasswordSchema, passwordsMustMatch } from './password-rules';
import { emailSchema } from './users';

/** Texts of the password reset and sign-up answers (docs/product.md §2; the same whatever the email). */
export const PASSWORD_MESSAGES = {
  resetLinkSent: 'If an account exists for that email, we have sent a password reset link.',
  forgotIntro: 'Please enter your email. We will send you a reset link.',
  tooManyResetRequests: 'Too many reset requests. Please try again later.',
  resetDone: 'Your password has been reset. You can now sign in with your new password.',
  invalidResetToken: 'This password reset link is invalid or has expired.',
  emailTaken: 'The email has already been taken.',
  /** The Reset Password page opened without `?token=` (a link cut short). */
  resetLinkIncomplete: 'The reset link is incomplete: it has no token.',
} as const;

/** Reset links live 60 minutes (docs/architecture.md "Security baseline"). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** POST passwords/forgot: per email and per IP, in fixed windows shared by every instance. */
export const FORGOT_PASSWORD_LIMITS = {
  perEmail: 3,
  perIp: 20,
  windowMs: 15 * 60_000,
} as const;

export const passwordConfirmationSchema = text({ error: required('Confirm password') }).check(
  z.minLength(1, { error: required('Confirm password') }),
);

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
    token: text({ error: PASSWORD_MESSAGES.invalidResetToken }).check(z.minLength(1), z.maxLength(200)),
    ...passwordResetFields,
  })
  .check(z.superRefine(passwordsMustMatch));
export type PasswordResetRequest = z.infer<typeof passwordResetSchema>;
