import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS, USER_SORT_COLUMNS, usersQuerySchema } from '@portal/contract';
import { useTestApp } from '../../../test/use-test-app';
import { createFileRepository } from '../../files/repository';
import { createUser } from '../../../test/builders';
import { pageIdsQuery, type UserListFilter } from './sql-repository';
import { createUserRepository } from '../../directory';
import type { SqlQuery } from '../../../db/client';
import { listUsers, newUserListMemos } from './engine';

/**
 * The memories behind GET users (remembered totals, seek keys for deep pages) must never change an
 * answer: every page of every order equals the plain OFFSET page, before and after a write.
 */
describe('users list memories', () => {
  const t = useTestApp();
  beforeAll(async () => {
    const names = ['Anna', 'Ben', 'anna', 'Ben', 'Carla', 'Zoe', 'Émile', 'Ben'];
    for (let i = 0; i < 46; i += 1) {
      const user = await createUser(t, {
        name: `${names[i % names.length]} ${i % 5}`,
        blocked: i % 9 === 0,
        roleIds: i % 4 === 0 ? [ROLE_IDS.admin, ROLE_IDS.customer] : [ROLE_IDS.customer],
        meta:
          i % 3 === 0
            ? [
                { key: 'company_name', value: `Co ${i}` },
                { key: 'notes', value: 'n' },
              ]
            : undefined,
      });
      if (i % 5 === 0) {
        const bytes = Buffer.from('x');
        await createFileRepository(t.database.db).replaceUserFile({
          ...{ userId: user.id, type: 'logo', key: `key-${i}`, fileName: 'l.png', contentType: 'image/png' },
          ...{ bytes, etag: '"e"', thumbnail: bytes, thumbnailEtag: '"t"' },
        });
      }
    }
    // Ties within one millisecond: a key taken through a JS Date would lose the microseconds.
    await t.database.db.execute(sql`
      update users set created_at = timestamptz '2026-01-01 00:00:00+00' + (id % 4) * interval '1 microsecond'`);
  });

  /** The reference: the page's ids by a plain LIMIT/OFFSET query. */
  const plainIds = async (filter: UserListFilter, query: ReturnType<typeof usersQuerySchema.parse>) => {
    const order = { column: query.sortColumn, direction: query.sortDirection };
    const rows = await pageIdsQuery(t.database.db, filter, order, {
      limit: query.paginate,
      offset: (query.page - 1) * query.paginate,
    });
    return rows.map((r) => r.id);
  };

  it('answers every page of every order exactly as OFFSET does, before and after a write', async () => {
    const memos = newUserListMemos(3); // a seek key every 3 rows: every page past the first seeks
    const check = async () => {
      for (const search of [undefined, 'an', 'e']) {
        for (const blocked of ['0', '1']) {
          for (const sortColumn of USER_SORT_COLUMNS) {
            for (const sortDirection of ['asc', 'desc']) {
              for (const page of [1, 2, 3, 4, 5, 6]) {
                const query = usersQuerySchema.parse({
                  paginate: '10',
                  page: String(page),
                  sortColumn,
                  sortDirection,
                  search,
                  blocked,
                });
                const filter = { blocked: query.blocked, search: query.search ?? null };
                const expected = await plainIds(filter, query);
                // Twice: the first call may fill the memories, the second uses them.
                for (let round = 0; round < 2; round += 1) {
                  const got = await listUsers(t.database, memos, query);
                  expect(
                    got.rows.map((r) => r.id),
                    JSON.stringify(query),
                  ).toEqual(expected);
                  if (round === 1 && page === 2) {
                    // Each row assembled from the page document equals the user read on its own.
                    const alone = await Promise.all(
                      expected.map((id) => createUserRepository(t.database.db).find(id)),
                    );
                    expect(got.rows).toEqual(alone);
                  }
                }
              }
            }
          }
        }
      }
    };
    await check();
    // The seek path was taken: keys were remembered for the deep pages.
    const keys = memos.seeks.get(
      { blocked: false, search: null },
      { column: 'createdAt', direction: 'desc' },
    );
    expect(keys?.value.length).toBeGreaterThan(5);
    await createUser(t, { name: 'Anna Late' });
    await t.database.db.execute(
      sql`update users set name = 'Zoe Renamed' where id = (select min(id) from users)`,
    );
    await check();
  });

  it('keeps the total right when users change between two pages', async () => {
    const memos = newUserListMemos(3);
    const query = usersQuerySchema.parse({ paginate: '10', page: '2', search: 'zz-new' });
    expect((await listUsers(t.database, memos, query)).total).toBe(0);
    await createUser(t, { name: 'zz-new one' });
    expect((await listUsers(t.database, memos, query)).total).toBe(1);
    await createUser(t, { name: 'zz-new two' });
    expect((await listUsers(t.database, memos, { ...query, page: 1 })).total).toBe(2);
  });

  it('passes every argument as a bound parameter: no value is ever part of a statement text', async () => {
    const seen: SqlQuery[] = [];
    const recording = {
      db: t.database.db,
      query: (q: SqlQuery) => (seen.push(q), t.database.query(q)),
    };
    const search = "o'brien\\%_x";
    const memos = newUserListMemos(3);
    await listUsers(recording, memos, usersQuerySchema.parse({ search, page: '3', paginate: '10' }));
    await listUsers(
      recording,
      memos,
      usersQuerySchema.parse({ sortColumn: 'name', page: '2', paginate: '10' }),
    );
    expect(seen).toHaveLength(2);
    const [searched, plain] = seen;
    // A search is planned for its pattern each time; a plain page runs under a generic plan.
    expect(searched).toMatchObject({
      name: expect.stringMatching(/^users_page_active_search_/),
      plan: 'custom',
    });
    expect(plain).toMatchObject({
      name: expect.stringMatching(/^users_page_active_all_name_asc_/),
      plan: 'generic',
    });
    for (const q of seen) {
      expect(q.text).not.toMatch(/brien|'\{/);
      expect(q.values).toContain(10);
    }
    expect(searched!.values).toContain("%o'brien\\\\\\%\\_x%");
    expect(searched!.values).toContain(20);
  });

  it('answers concurrent first requests of a statement not run before alike', async () => {
    const query = usersQuerySchema.parse({ blocked: '1', sortColumn: 'email', sortDirection: 'desc' });
    const pages = await Promise.all(
      [1, 2, 3, 4].map(() => listUsers(t.database, newUserListMemos(3), query)),
    );
    const ids = pages.map((page) => page.rows.map((r) => r.id));
    expect(ids[0]!.length).toBeGreaterThan(0);
    for (const other of ids) expect(other).toEqual(ids[0]);
  });
});
