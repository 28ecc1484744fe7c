import { beforeAll, describe, expect, it } from 'vitest';
import { META_KEYS } from '@portal/contract';
import { buildApp } from '../../app';
import { useTestApp } from '../../test/use-test-app';
import { createAdmin, createUser, signIn, type TestTokens } from '../../test/builders';
import { api } from '../../test/http';

type Listed = {
  data: Array<{ id: number; name: string; email: string }>;
  links: Record<string, string | null>;
  meta: Record<string, unknown>;
};

describe('GET users: search, sort, pages', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const a = await createAdmin(t, { name: 'Zed Admin', email: 'zed.admin@example.test' });
    ids.admin = a.id;
    admin = await signIn(t, a);
    const people = [
      { key: 'percent', name: 'Alice 100% Real', email: 'alice@example.test' },
      { key: 'hundred', name: 'Alice 1000 Fake', email: 'alice.fake@example.test' },
      { key: 'underscore', name: 'Bob_Under', email: 'bob@example.test' },
      { key: 'lookalike', name: 'Bobx Under', email: 'bobx@example.test' },
      {
        key: 'company',
        name: 'Carol Smith',
        email: 'carol@example.test',
        meta: [{ key: META_KEYS.companyName, value: 'Zeta Freight' }],
      },
      { key: 'username', name: 'Dan Brown', email: 'dan@example.test', username: 'danny_b' },
      { key: 'blocked', name: 'Eve Blocked', email: 'eve@example.test', blocked: true },
      { key: 'quote', name: "Fay O'Brien", email: 'fay@example.test' },
    ];
    for (const { key, ...person } of people) ids[key] = (await createUser(t, person)).id;
  });

  const list = async (query: string, tokens = admin) => {
    const res = await http.get(`users?${query}`, { headers: tokens.headers });
    return { status: res.statusCode, body: res.json() as Listed };
  };
  const names = (body: Listed) => body.data.map((u) => u.name);

  it('lists active users by id ascending by default; blocked=1 (or ?blocked) lists only blocked ones', async () => {
    const { status, body } = await list('');
    expect(status).toBe(200);
    expect(body.data.map((u) => u.id)).toEqual([
      ids.admin,
      ids.percent,
      ids.hundred,
      ids.underscore,
      ids.lookalike,
      ids.company,
      ids.username,
      ids.quote,
    ]);
    for (const query of ['blocked=1', 'blocked', 'blocked=true']) {
      expect(names((await list(query)).body)).toEqual(['Eve Blocked']);
    }
    expect((await list('blocked=0')).body.meta.total).toBe(8);
  });

  it('searches name, email, username and company name, case-insensitively', async () => {
    expect(names((await list('search=ALICE')).body)).toEqual(['Alice 100% Real', 'Alice 1000 Fake']);
    expect(names((await list('search=carol%40EXAMPLE')).body)).toEqual(['Carol Smith']);
    expect(names((await list('search=zeta%20freight')).body)).toEqual(['Carol Smith']);
    expect(names((await list('search=DANNY')).body)).toEqual(['Dan Brown']);
    expect(names((await list('search=eve')).body)).toEqual([]);
    expect(names((await list('search=eve&blocked=1')).body)).toEqual(['Eve Blocked']);
  });

  it('treats % and _ in a search as the characters themselves', async () => {
    expect(names((await list('search=100%25')).body)).toEqual(['Alice 100% Real']);
    expect(names((await list('search=%25')).body)).toEqual(['Alice 100% Real']);
    expect(names((await list('search=b_u')).body)).toEqual(['Bob_Under']);
    expect(names((await list('search=_')).body)).toEqual(['Bob_Under', 'Dan Brown']);
    expect(names((await list('search=%5C')).body)).toEqual([]);
    // Quotes and SQL reach the database as a value, never as statement text.
    expect(names((await list("search=o'brien")).body)).toEqual(["Fay O'Brien"]);
    expect(names((await list("search=x');drop table users;--")).body)).toEqual([]);
    expect(names((await list('search=%C3%A9')).body)).toEqual([]);
  });

  it('sorts by name, email and createdAt both ways, ties broken by id', async () => {
    const byName = names((await list('sortColumn=name&sortDirection=desc')).body);
    expect(byName).toEqual([...byName].sort((a, b) => (a < b ? 1 : -1)));
    expect(byName[0]).toBe('Zed Admin');
    const byEmail = (await list('sortColumn=email')).body.data.map((u) => u.email);
    expect(byEmail[0]).toBe('alice.fake@example.test');
    expect(byEmail.at(-1)).toBe('zed.admin@example.test');
    const byCreated = (await list('sortColumn=createdAt&sortDirection=desc')).body.data.map((u) => u.id);
    expect(byCreated[0]).toBe(ids.quote);
  });

  it('answers the paged shape with links that keep the query', async () => {
    const { body } = await list('paginate=10&page=1&sortColumn=name&search=e');
    expect(body.meta).toMatchObject({
      current_page: 1,
      per_page: 10,
      total: 8,
      last_page: 1,
      from: 1,
      to: 8,
    });

    for (let i = 0; i < 12; i += 1)
      await createUser(t, { name: `Paging Person ${String(i).padStart(2, '0')}` });
    const page2 = await list('paginate=10&page=2&search=paging&sortColumn=name&sortDirection=asc');
    expect(names(page2.body)).toEqual(['Paging Person 10', 'Paging Person 11']);
    const url = (page: number) =>
      `/api/v1.0/users?paginate=10&page=${page}&sortColumn=name&sortDirection=asc&search=paging`;
    expect(page2.body.links).toEqual({ first: url(1), last: url(2), prev: url(1), next: null });
    expect(page2.body.meta).toEqual({
      current_page: 2,
      per_page: 10,
      total: 12,
      last_page: 2,
      from: 11,
      to: 12,
      links: [
        { label: '« Previous', url: url(1), active: false },
        { label: '1', url: url(1), active: false },
        { label: '2', url: url(2), active: true },
        { label: 'Next »', url: null, active: false },
      ],
    });
    const beyond = await list('paginate=10&page=5&search=paging');
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ total: 12, last_page: 2, from: null, to: null });
  });

  it('answers 422 for a sortColumn, sortDirection, paginate or page outside the fixed lists', async () => {
    for (const [query, field] of [
      ['sortColumn=password_hash', 'sortColumn'],
      ['sortColumn=blocked_at', 'sortColumn'],
      ['sortDirection=up', 'sortDirection'],
      ['paginate=7', 'paginate'],
      ['paginate=1000', 'paginate'],
      ['page=0', 'page'],
      ['blocked=maybe', 'blocked'],
    ]) {
      const { status, body } = await list(query!);
      expect(status, query).toBe(422);
      expect(Object.keys((body as unknown as { errors: object }).errors), query).toEqual([field]);
    }
  });

  it('counts right after a change, on this instance and on another one sharing the database', async () => {
    const other = await buildApp(t.config, { database: t.database, logger: false });
    try {
      const totalVia = async (app: typeof other) =>
        (await app.inject({ url: '/api/v1.0/users?search=counted', headers: admin.headers })).json().meta
          .total;
      expect(await totalVia(t.app)).toBe(0);
      expect(await totalVia(other)).toBe(0);
      await createUser(t, { name: 'Counted One' });
      expect(await totalVia(t.app)).toBe(1);
      expect(await totalVia(other)).toBe(1);
      const blocked = await createUser(t, { name: 'Counted Two' });
      await http.delete(`users/${blocked.id}?block=1`, { headers: admin.headers });
      expect(await totalVia(other)).toBe(1);
      // A company name written later is found too (the trigger keeps search_text up to date).
      await http.post(
        'meta/user',
        { user_id: ids.username, meta: [{ key: 'company_name', value: 'Counted Corp' }] },
        { headers: admin.headers },
      );
      expect(await totalVia(other)).toBe(2);
      expect(await totalVia(t.app)).toBe(2);
    } finally {
      await other.close();
    }
  });
});
