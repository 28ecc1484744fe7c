import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/contract';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn } from '../../test/builders';
import { api } from '../../test/http';

describe('roles', () => {
  const t = useTestApp();
  const http = api(t);

  const seeded = [
    { id: 1, name: 'Administrator', short_name: 'admin' },
    { id: 2, name: 'Developer', short_name: 'developer' },
    { id: 3, name: 'Customer', short_name: 'customer' },
  ];

  it.each(['roles', 'roles/available'])(
    'GET %s lists the seeded roles to any signed-in user',
    async (path) => {
      const { headers } = await signIn(t, await createUser(t));
      const res = await http.get(path, { headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: seeded });
    },
  );

  it.each(['roles', 'roles/available'])('GET %s needs a session', async (path) => {
    const res = await http.get(path);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.unauthenticated });
  });
});
