import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nameStatements } from './pglite-statements';

// Named statements on PGlite (docs/decisions/0046-pglite-named-statements.md), against a real
// in-memory PGlite.

describe('PGlite named statements', () => {
  // One engine for the file (starting one takes seconds), its statements named once.
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create();
    await pglite.exec(`create table note (id int primary key, body text, at timestamptz, tags text[])`);
    await nameStatements(pglite);
  });
  afterAll(() => pglite.close());
  beforeEach(() => pglite.exec('truncate note'));

  const named = async () =>
    (
      await pglite.query<{ statement: string }>('select statement from pg_prepared_statements order by name')
    ).rows.map((r) => r.statement);

  it('parses a text once and binds it again for every call, with the same answers as PGlite', async () => {
    const at = new Date('2026-11-27T10:00:00Z');
    await pglite.query('insert into note values ($1, $2, $3, $4)', [1, 'first', at, ['a', 'b']]);
    await pglite.query('insert into note values ($1, $2, $3, $4)', [2, null, at, []]);
    const read = 'select id, body, at, tags from note where id >= $1 order by id';
    expect((await pglite.query(read, [1])).rows).toEqual([
      { id: 1, body: 'first', at, tags: ['a', 'b'] },
      { id: 2, body: null, at, tags: [] },
    ]);
    expect((await pglite.query(read, [2], { rowMode: 'array' })).rows).toEqual([[2, null, at, []]]);
    expect(await named()).toEqual(['insert into note values ($1, $2, $3, $4)', read]); // once each
    // A query's own parsers apply on top of PGlite's (drizzle reads timestamps as text).
    const asText = await pglite.query<{ at: unknown }>(read, [2], {
      parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
    });
    expect(typeof asText.rows[0]!.at).toBe('string');
    expect((await pglite.query(read, [2])).rows[0]).toMatchObject({ at });
  });

  it('keeps at most the given number of statements, closing the least recently used', async () => {
    const pglite = await PGlite.create();
    await nameStatements(pglite, 2);
    const named = async () =>
      (await pglite.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
        (r) => r.statement,
      );
    const texts = [1, 2, 3].map((n) => `select $1::int + ${n} as n`);
    await pglite.query(texts[0]!, [1]);
    await pglite.query(texts[1]!, [1]);
    await pglite.query(texts[0]!, [1]); // used again: the second is now the oldest
    expect((await pglite.query<{ n: number }>(texts[2]!, [1])).rows).toEqual([{ n: 4 }]);
    expect((await named()).sort()).toEqual([texts[0], texts[2]].sort());
    expect((await pglite.query<{ n: number }>(texts[1]!, [1])).rows).toEqual([{ n: 3 }]);
    await pglite.close();
  });

  it("waits for another caller's open transaction instead of running inside it", async () => {
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const transaction = pglite
      .transaction(async (tx) => {
        await tx.query('insert into note (id, body) values ($1, $2)', [7, 'not kept']);
        inserted();
        await finished;
        await tx.rollback();
      })
      .catch(() => undefined);
    await insertedYet;
    const count = pglite.query<{ n: number }>('select count(*)::int as n from note where id = $1', [7]);
    finish();
    await transaction;
    expect((await count).rows).toEqual([{ n: 0 }]);
  });

  it('answers a failed statement with its error and carries on', async () => {
    const insert = 'insert into note (id, body) values ($1, $2)';
    await pglite.query(insert, [1, 'one']);
    await expect(pglite.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    await pglite.query(insert, [2, 'two']);
    expect((await pglite.query('select count(*)::int as n from note')).rows).toEqual([{ n: 2 }]);
    await expect(pglite.query('select nope from note where id = $1', [1])).rejects.toMatchObject({
      code: '42703',
    });
    expect((await pglite.query('select body from note where id = $1', [2])).rows).toEqual([{ body: 'two' }]);
  });
});
