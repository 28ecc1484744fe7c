import { describe, expect, it } from 'vitest';
import { toUserPayload, userFormSchema, userPayloadSchema, type UserFormValues } from './users';

const valid: UserFormValues = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'secret1',
  password_confirmation: 'secret1',
  primary_phone_number: '',
  secondary_phone_number: '',
  company_name: '',
  notes: '',
  admin_notes: '',
  role_id: 3,
  uses_nsbi: false,
  project_id: null,
};

/** field → first message, as a form shows them. */
function errorsOf(mode: 'create' | 'edit', values: Partial<UserFormValues>) {
  const result = userFormSchema(mode).safeParse({ ...valid, ...values });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('user form rules (docs/product.md §5)', () => {
  it('accepts a complete form', () => {
    expect(errorsOf('create', {})).toEqual({});
  });

  it('says which required field is missing, with its label', () => {
    expect(errorsOf('create', { name: ' ', email: '', password: '', password_confirmation: '' })).toEqual({
      name: 'Full name is a required field',
      email: 'Email is a required field',
      password: 'Password is a required field',
      password_confirmation: 'Confirm password is a required field',
    });
    expect(errorsOf('create', { email: 'not-an-email' })).toEqual({ email: 'Email must be a valid email' });
  });

  it('bounds the password to 6–15 characters and requires a matching confirmation', () => {
    expect(errorsOf('create', { password: '12345', password_confirmation: '12345' })).toEqual({
      password: 'Password is too short (min 6)',
    });
    const long = '1234567890123456';
    expect(errorsOf('create', { password: long, password_confirmation: long })).toEqual({
      password: 'Password is too long (max 15)',
    });
    expect(errorsOf('create', { password_confirmation: 'other1' })).toEqual({
      password_confirmation: 'Passwords must match',
    });
  });

  it('lets an edit keep the password, but checks a typed one', () => {
    expect(errorsOf('edit', { password: '', password_confirmation: '' })).toEqual({});
    expect(errorsOf('edit', { password: 'newpass1', password_confirmation: '' })).toEqual({
      password_confirmation: 'Confirm password is a required field',
    });
  });

  it('checks phone numbers: at least 10 digits, digits only', () => {
    expect(errorsOf('create', { primary_phone_number: '12345' })).toEqual({
      primary_phone_number: 'Phone number must be at least 10 digits',
    });
    expect(errorsOf('create', { secondary_phone_number: '12345abcde' })).toEqual({
      secondary_phone_number: 'Enter a valid phone number (only numbers)',
    });
    expect(errorsOf('create', { primary_phone_number: '0123456789' })).toEqual({});
  });

  it('requires a role', () => {
    expect(errorsOf('create', { role_id: 0 })).toEqual({ role_id: 'Role is a required field' });
  });
});

describe('form → payload', () => {
  it('drops both password fields on an edit with an empty password', () => {
    const payload = toUserPayload({ ...valid, password: '', password_confirmation: '' }, { isAdmin: true });
    expect(payload).not.toHaveProperty('password');
    expect(payload).not.toHaveProperty('password_confirmation');
    expect(userPayloadSchema('edit').safeParse(payload).success).toBe(true);
  });

  it('sends admin-only meta only for admins and clears the project when NSBI is off', () => {
    const asAdmin = toUserPayload({ ...valid, uses_nsbi: false, project_id: 'p1' }, { isAdmin: true });
    expect(asAdmin.project_id).toBeNull();
    expect(asAdmin.meta.map((m) => m.key)).toContain('admin_notes');
    const asCustomer = toUserPayload(valid, { isAdmin: false });
    expect(asCustomer.meta.map((m) => m.key)).not.toContain('admin_notes');
    expect(asCustomer.meta.map((m) => m.key)).not.toContain('settings.nsbi_enabled');
  });

  it('keys server-side meta errors by the meta key and refuses unknown fields', () => {
    const bad = userPayloadSchema('create').safeParse({
      ...toUserPayload(valid, { isAdmin: true }),
      meta: [{ key: 'primary_phone_number', value: '123' }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['primary_phone_number']);
    const extra = userPayloadSchema('create').safeParse({
      ...toUserPayload(valid, { isAdmin: true }),
      is_admin: true,
    });
    expect(extra.success).toBe(false);
  });

  it('the form and the payload say the same about the password and its confirmation', () => {
    const payloadErrorsOf = (mode: 'create' | 'edit', values: Partial<UserFormValues>) => {
      const { password, password_confirmation } = { ...valid, ...values };
      const result = userPayloadSchema(mode).safeParse({
        ...toUserPayload(valid, { isAdmin: true }),
        password,
        password_confirmation,
      });
      const errors: Record<string, string> = {};
      for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
      return errors;
    };
    const cases: Array<['create' | 'edit', Partial<UserFormValues>]> = [
      ['create', { password_confirmation: '' }],
      ['create', { password_confirmation: 'other12' }],
      ['create', { password: '123', password_confirmation: '123' }],
      ['edit', { password: '', password_confirmation: '' }],
      ['edit', { password: '', password_confirmation: 'stray12' }],
      ['edit', { password: 'newpass1', password_confirmation: '' }],
      ['edit', { password: 'newpass1', password_confirmation: 'newpass2' }],
      ['edit', { password: '1234567890123456', password_confirmation: '1234567890123456' }],
    ];
    for (const [mode, values] of cases) {
      expect(payloadErrorsOf(mode, values), `${mode} ${JSON.stringify(values)}`).toEqual(
        errorsOf(mode, values),
      );
    }
  });
});
