import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { VALIDATION, required } from './messages';
import { newPasswordSchema, passwordRule } from './password-rules';
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

  it('takes 6 to 15 characters, and says which end a password missed', () => {
    const messages = (value: unknown) => passwordRule.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages('Zq#4xY'.slice(0, PASSWORD_MIN - 1))).toEqual([VALIDATION.passwordTooShort]);
    expect(passwordRule.parse('Zq#4xY'.slice(0, PASSWORD_MIN))).toBe('Zq#4xY');
    const long = 'Zq#4xY-Fleet-Road-42';
    expect(passwordRule.parse(long.slice(0, PASSWORD_MAX))).toBe(long.slice(0, PASSWORD_MAX));
    expect(messages(long.slice(0, PASSWORD_MAX + 1))).toEqual([VALIDATION.passwordTooLong]);
    expect(messages('Zq#4x\u0000Y')).toEqual([VALIDATION.unstorableText]);
  });

  it('says a new password is required when it is empty or missing, not that it is too short', () => {
    for (const missing of ['', undefined]) {
      expect(newPasswordSchema.safeParse(missing).error?.issues.map((i) => i.message)).toEqual([
        required('Password'),
      ]);
    }
    expect(newPasswordSchema.parse('Fleet#Road-42')).toBe('Fleet#Road-42');
  });

  it('says passwords must match only once a different confirmation is typed', () => {
    const confirmationErrors = (password: string, password_confirmation: string) =>
      signUpSchema
        .safeParse({ name: 'A', email: 'a@example.test', password, password_confirmation })
        .error?.issues.filter((i) => i.path[0] === 'password_confirmation')
        .map((i) => i.message) ?? [];
    expect(confirmationErrors('Fleet#Road-42', 'Fleet#Road-43')).toEqual([VALIDATION.passwordsMustMatch]);
    expect(confirmationErrors('Fleet#Road-42', 'Fleet#Road-42')).toEqual([]);
    expect(confirmationErrors('Fleet#Road-42', '')).not.toContain(VALIDATION.passwordsMustMatch);
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
