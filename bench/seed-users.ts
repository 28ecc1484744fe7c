// Seeds N users fast for the users-list benchmark: one INSERT … SELECT generate_series per table,
// in one transaction, then VACUUM ANALYZE so the planner and index-only scans see the real data.
// The schema comes from the server's own migrations (openDatabase applies them).
//
//   npx tsx bench/seed-users.ts --count 100000 --database-url postgres://…/portal_bench_x
//   npx tsx bench/seed-users.ts --count 10000 --pglite-dir ./data-bench   (DATA_DIR of the server)
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { openDatabase, type Database } from '../apps/server/src/db/client';

export type SeedTarget = { databaseUrl?: string; dataDir?: string };
/** Every seeded user signs in with this password (one Argon2 hash shared by all rows). */
export const SEED_PASSWORD = 'bench-user-1';

const FIRST = [
  'Anna',
  'Ben',
  'Carla',
  'David',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Liam',
  'Maria',
  'Noah',
  'Olga',
  'Pavel',
  'Quinn',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
  'Vera',
  'Will',
  'Yuki',
  'Zoe',
];
const LAST = [
  'Smith',
  'Garcia',
  'Müller',
  'Rossi',
  'Novak',
  'Kowalski',
  'Nguyen',
  'Okafor',
  'Silva',
  'Johansson',
  'Dubois',
  'Tanaka',
  'Ivanova',
  'Haddad',
  'Murphy',
  'Schmidt',
  'Costa',
  'Larsen',
  'Yilmaz',
  'Fischer',
  'Moreau',
  'Kim',
  'Patel',
  'Brown',
  'Wilson',
  'Lopez',
  'Horvat',
  'Berg',
  'Quintero',
  'Walker',
];
const COMPANIES = [
  'Acme Freight',
  'Blue Line Logistics',
  'Northwind Haulage',
  'Orbit Couriers',
  'Polar Transport',
  'Redwood Fleet',
  'Summit Carriers',
  'Tidewater Trucking',
  'Vector Dispatch',
  'Zenith Movers',
];

/** pg and PGlite both answer `{ rows }`; drizzle types execute() generically. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const pgArray = (items: string[]) =>
  sql.raw(`array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`);

/**
 * Inserts `count` users (2 % of them blocked, a third with a username, half with a company name,
 * every 20th an admin) after whatever the database holds. Returns how many users exist afterwards.
 * With `databaseUrl` (PostgreSQL itself, not a pooler) the rows go through a connection of their
 * own: the server's pool stops any statement after 8 s (db/resilient-pool.ts), and at 1,000,000
 * users one INSERT … SELECT, the search-text UPDATE or a VACUUM takes longer than that.
 */
export async function seedUsers(database: Database, count: number, databaseUrl?: string): Promise<number> {
  if (database.kind !== 'postgres' || !databaseUrl) return seedThrough(database.db, count);
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await seedThrough(drizzle(client) as unknown as Database['db'], count);
  } finally {
    await client.end();
  }
}

async function seedThrough(db: Database['db'], count: number): Promise<number> {
  const passwordHash = await hash(SEED_PASSWORD, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  await db.transaction(async (tx) => {
    const [{ base } = { base: 0 }] = rowsOf<{ base: number }>(
      await tx.execute(sql`select coalesce(max(id), 0)::int as base from users`),
    );
    // Deterministic but mixed: i * prime mod n picks names, so neighbouring ids differ.
    await tx.execute(sql`
      insert into users (id, name, email, username, password_hash, blocked_at, created_at, updated_at)
      select ${base}::int + i,
             f.first || ' ' || l.last,
             lower(f.first || '.' || l.last || '.' || (${base}::int + i)) || '@example-' || (i % 97) || '.test',
             case when i % 3 = 0 then 'user' || (${base}::int + i) end,
             ${passwordHash},
             case when i % 50 = 0 then now() - (i % 1000) * interval '1 minute' end,
             now() - (${count}::int - i) * interval '3 minutes',
             now()
      from generate_series(1, ${count}::int) as i
      cross join lateral (select (${pgArray(FIRST)})[1 + (i::bigint * 7919) % ${FIRST.length}] as first) f
      cross join lateral (select (${pgArray(LAST)})[1 + (i::bigint * 104729) % ${LAST.length}] as last) l`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
    await tx.execute(sql`
      insert into user_roles (user_id, role_id)
      select ${base}::int + i, case when i % 20 = 0 then 1 else 3 end from generate_series(1, ${count}::int) as i`);
    // The row trigger that refreshes search_text per company name would run 50,000 updates; off for
    // this one statement, then one UPDATE lets the users trigger recompute those users' search text.
    await tx.execute(sql`alter table user_meta disable trigger user_meta_search_text`);
    await tx.execute(sql`
      insert into user_meta (user_id, key, value)
      select ${base}::int + i, 'company_name', (${pgArray(COMPANIES)})[1 + (i::bigint * 31) % ${COMPANIES.length}] || ' ' || (i % 500)
      from generate_series(1, ${count}::int) as i where i % 2 = 0`);
    await tx.execute(sql`alter table user_meta enable trigger user_meta_search_text`);
    await tx.execute(
      sql`update users set search_text = '' where id > ${base}::int and (id - ${base}::int) % 2 = 0`,
    );
  });
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze user_meta`);
  await db.execute(sql`vacuum analyze user_roles`);
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users`));
  return row?.n ?? 0;
}

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '100000' },
      'database-url': { type: 'string' },
      'pglite-dir': { type: 'string' },
    },
  });
  if (!values['database-url'] === !values['pglite-dir']) {
    throw new Error('give exactly one of --database-url URL or --pglite-dir DIR');
  }
  const database = await openDatabase({
    databaseUrl: values['database-url'],
    dataDir: values['pglite-dir'] ?? '',
  });
  try {
    const started = Date.now();
    const total = await seedUsers(database, Number(values.count), values['database-url']);
    console.log(`seeded ${values.count} users in ${Date.now() - started} ms; ${total} users in the database`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
