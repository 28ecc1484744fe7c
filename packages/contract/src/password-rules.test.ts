import { describe, expect, it } from 'vitest';
import { VALIDATION } from './messages';
import { passwordRule } from './password-rules';
import { signUpSchema } from './signup';

describe('the password rule', () => {
  it('refuses a common password, in any case, with its message; others of 6–15 pass', () => {
    for (const common of ['password1', 'Password1', 'QWERTY123', '123456']) {
      expect(passwordRule.safeParse(common).error?.issues.map((i) => i.message)).toEqual([
        VALIDATION.passwordTooCommon,
      ]);
    }
    expect(passwordRule.safeParse('Fleet#Road-42').success).toBe(true);
  });

  it('applies to every new password (Register too)', () => {
    const result = signUpSchema.safeParse({
      name: 'A',
      email: 'a@example.test',
      password: 'letmein',
      password_confirmation: 'letmein',
    });
    expect(result.error?.issues.find((i) => i.path[0] === 'password')?.message).toBe(
      VALIDATION.passwordTooCommon,
    );
  });
});
