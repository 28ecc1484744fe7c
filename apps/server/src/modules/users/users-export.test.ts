import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { META_KEYS, ROLE_IDS } from '@portal/contract';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn, signedInAdmin, type TestTokens } from '../../test/builders';
import { api } from '../../test/http';
import { USER_EXPORT_BATCH } from './list/export';

const rowsOf = (body: string) => body.trim().split('\n').slice(1);

describe('GET users/export', () => {
  const t = useTestApp();
  const http = api(t);
  let admin: TestTokens;
  let customer: TestTokens;
  beforeAll(async () => {
    ({ tokens: admin } = await signedInAdmin(t));
    customer = await signIn(t, await createUser(t, { name: 'Carl Customer', roleId: ROLE_IDS.customer }));
    await createUser(t, {
      name: '=HYPERLINK("http://evil.example")',
      email: 'formula@example.test',
      meta: [{ key: META_KEYS.companyName, value: '+Acme, "Freight"' }],
    });
    await createUser(t, { name: 'Bea Blocked', email: 'bea@example.test', blocked: true });
  });

  const exportCsv = (query: string, tokens = admin) =>
    http.get(`users/export?format=csv&${query}`, { headers: tokens.headers });

  it('answers a CSV download with a header row; formula cells escaped, commas and quotes quoted', async () => {
    const res = await exportCsv('search=formula');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = res.body.trim().split('\n');
    expect(header).toBe('id,name,email,username,company_name,roles,blocked,bi_project_id,created_at');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(
      `,"'=HYPERLINK(""http://evil.example"")",formula@example.test,,"'+Acme, ""Freight""",`,
    );
  });

  it('follows the list: blocked=1 exports only blocked users, and the sort is kept', async () => {
    const blocked = rowsOf((await exportCsv('blocked=1')).body);
    expect(blocked).toHaveLength(1);
    expect(blocked[0]).toContain('Bea Blocked');
    const exported = rowsOf((await exportCsv('sortColumn=name&sortDirection=desc')).body).map((r) =>
      Number(r.split(',')[0]),
    );
    const listed = await http.get('users?sortColumn=name&sortDirection=desc&paginate=100', {
      headers: admin.headers,
    });
    expect(exported).toEqual(listed.json().data.map((u: { id: number }) => u.id));
    const byName = rowsOf((await exportCsv('')).body).map((r) => r.split(',')[1]);
    expect(byName).not.toContain('Bea Blocked');
  });

  it('refuses customers (403), visitors (401) and unknown formats (422)', async () => {
    expect((await exportCsv('', customer)).statusCode).toBe(403);
    expect((await http.get('users/export')).statusCode).toBe(401);
    expect((await http.get('users/export?format=xlsx', { headers: admin.headers })).statusCode).toBe(422);
  });

  it('exports more users than one batch, each once, in the requested order', async () => {
    const many = USER_EXPORT_BATCH * 2 + 37;
    // Straight in SQL: the builder would take a statement per user.
    await t.database.db.execute(sql`
      insert into users (name, email, password_hash)
      select 'Bulk ' || lpad((i % 50)::text, 2, '0'), 'bulk' || i || '@example.test', 'x'
      from generate_series(1, ${many}::int) as i`);
    const res = await exportCsv('search=bulk&sortColumn=name&sortDirection=asc');
    const rows = rowsOf(res.body).map((r) => r.split(','));
    expect(rows).toHaveLength(many);
    expect(new Set(rows.map((r) => r[0])).size).toBe(many);
    const keys = rows.map((r) => `${r[1]}|${r[0]!.padStart(8, '0')}`);
    expect(keys).toEqual([...keys].sort());
  });
});
