import * as z from 'zod/mini';
import { requiredText } from './auth';
import { newPasswordSchema, passwordsMustMatch } from './password-rules';
import { passwordConfirmationSchema } from './passwords';
import { emailSchema } from './users';

/** POST auth/signup and the Register form (docs/product.md §2 Register, §5 rules). */
export const signUpSchema = z
  .object({
    name: requiredText('Full name'),
    email: emailSchema(),
    password: newPasswordSchema,
    password_confirmation: passwordConfirmationSchema,
  })
  .check(z.superRefine(passwordsMustMatch));
export type SignUpRequest = z.infer<typeof signUpSchema>;
