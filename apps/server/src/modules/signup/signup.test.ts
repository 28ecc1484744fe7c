import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, ROLE_IDS, sessionSchema, VALIDATION } from '@portal/contract';
import { createTestApp } from '../../test/app';
import { useTestApp } from '../../test/use-test-app';
import { createUser } from '../../test/builders';
import { api } from '../../test/http';

const body = (email: string) => ({
  name: 'New Person',
  email,
  password: 'secret-1',
  password_confirmation: 'secret-1',
});

describe('POST auth/signup', () => {
  const t = useTestApp();
  const http = api(t);

  it('creates a customer and answers 201 with a Session that works', async () => {
    const res = await http.post('auth/signup', body('new.person@example.test'));
    expect(res.statusCode).toBe(201);
    const session = sessionSchema.parse(res.json().data);
    expect(session.user.roles.map((r) => r.id)).toEqual([ROLE_IDS.customer]);
    expect(JSON.stringify(session.user)).not.toContain('secret-1');
    const me = await http.get('auth/me', { headers: { authorization: `Bearer ${session.access_token}` } });
    expect(me.json().data.email).toBe('new.person@example.test');
  });

  it('refuses taken and blocked emails with the same 422 on email', async () => {
    const taken = await createUser(t);
    const blocked = await createUser(t, { blocked: true });
    const answers = await Promise.all(
      [taken.email.toUpperCase(), blocked.email].map((email) => http.post('auth/signup', body(email))),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ email: [PASSWORD_MESSAGES.emailTaken] });
    }
    expect(answers[0]!.body).toBe(answers[1]!.body);
  });

  it('validates with the contract rules', async () => {
    const res = await http.post('auth/signup', {
      name: '',
      email: 'x',
      password: '123',
      password_confirmation: '1',
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.name).toEqual(['Full name is a required field']);
    expect(errors.email).toEqual([VALIDATION.invalidEmail('Email')]);
    expect(errors.password).toEqual([VALIDATION.passwordTooShort]);
    expect(errors.password_confirmation).toEqual([VALIDATION.passwordsMustMatch]);
  });
});

describe('POST auth/signup in production', () => {
  it('is 404, even with a bad body', async () => {
    const t = await createTestApp({
      APP_ENV: 'production',
      APP_KEY: 'a'.repeat(64),
      ADMIN_EMAIL: 'admin@example.test',
      ADMIN_PASSWORD: 'admin-pass',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    try {
      expect((await api(t).post('auth/signup', body('p@example.test'))).statusCode).toBe(404);
      expect((await api(t).post('auth/signup', {})).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
