import { describe, expect, it } from 'vitest';
import { activeSessionsSchema, META_KEYS } from '@portal/contract';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn } from '../../test/builders';
import { api } from '../../test/http';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

describe('sessions card and single session', () => {
  const t = useTestApp();
  const http = api(t);

  const login = (username: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1.0/auth/login',
      headers: { 'user-agent': CHROME_MAC },
      remoteAddress: ip,
      payload: { username, password },
    });

  it('lists this and the other sessions, then signs the others out', async () => {
    const user = await createUser(t);
    const other = await signIn(t, user);
    const res = await login(user.email, user.password, '10.70.0.1');
    const token = res.json().data.access_token as string;
    const headers = { authorization: `Bearer ${token}` };
    const list = activeSessionsSchema.parse((await http.get('auth/sessions', { headers })).json().data);
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current)!;
    expect(current).toMatchObject({ browser: 'Chrome', device: 'Mac', ip: '10.70.0.1' });
    expect(list.filter((s) => !s.current)).toHaveLength(1);

    expect((await http.post('auth/sessions/revoke-others', undefined, { headers })).statusCode).toBe(200);
    expect((await http.get('auth/me', { headers: other.headers })).statusCode).toBe(401);
    const after = (await http.get('auth/sessions', { headers })).json().data;
    expect(after).toHaveLength(1);
    expect(after[0].current).toBe(true);
  });

  it('with single session on, a sign-in ends every other session at once (cache included)', async () => {
    const user = await createUser(t, { meta: [{ key: META_KEYS.singleSession, value: '1' }] });
    const first = await signIn(t, user);
    expect((await http.get('auth/me', { headers: first.headers })).statusCode).toBe(200); // cached now
    const res = await login(user.email, user.password, '10.70.0.2');
    expect(res.statusCode).toBe(200);
    expect((await http.get('auth/me', { headers: first.headers })).statusCode).toBe(401);
    const headers = { authorization: `Bearer ${res.json().data.access_token}` };
    expect((await http.get('auth/me', { headers })).statusCode).toBe(200);
  });

  it('without it, other sessions stay', async () => {
    const user = await createUser(t);
    const first = await signIn(t, user);
    expect((await login(user.email, user.password, '10.70.0.3')).statusCode).toBe(200);
    expect((await http.get('auth/me', { headers: first.headers })).statusCode).toBe(200);
  });

  it('GET auth/external-login answers 401 until the LD/TS exchange exists', async () => {
    const res = await http.get('auth/external-login?token=abc');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('We could not log you in. Please try with your credentials.');
  });
});
