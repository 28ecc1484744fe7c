import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@portal/contract';
import { createTestApp } from '../../test/app';
import { useTestApp } from '../../test/use-test-app';
import { createAdmin, createUser, signIn } from '../../test/builders';
import { api } from '../../test/http';

describe('mail outbox (no SMTP_URL)', () => {
  const t = useTestApp();
  const http = api(t);

  it('keeps mail in the outbox, which admins read (paged) and customers may not', async () => {
    const user = await createUser(t);
    expect((await http.post('passwords/forgot', { email: user.email }, { ip: '10.60.0.1' })).statusCode).toBe(
      200,
    );
    await t.app.mailer.idle();
    const admin = await signIn(t, await createAdmin(t));
    const res = await http.get('mail/outbox?paginate=10', { headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.meta).toMatchObject({ total: 1, current_page: 1, per_page: 10 });
    const [mail] = page.data;
    expect(mail.to).toBe(user.email);
    expect(mail.subject).toContain(PRODUCT_NAME);
    expect(mail.text).toContain('/reset-password?token=');
    expect(mail.html).toContain('/reset-password?token=');

    const customer = await signIn(t, user);
    expect((await http.get('mail/outbox', { headers: customer.headers })).statusCode).toBe(403);
    expect((await http.get('mail/outbox')).statusCode).toBe(401);
  });
});

describe('mail outbox in production', () => {
  it('is 404 even for an admin', async () => {
    const t = await createTestApp({
      APP_ENV: 'production',
      APP_KEY: 'b'.repeat(64),
      ADMIN_EMAIL: 'admin@example.test',
      ADMIN_PASSWORD: 'admin-pass',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    try {
      const admin = await signIn(t, await createAdmin(t));
      expect((await api(t).get('mail/outbox', { headers: admin.headers })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
