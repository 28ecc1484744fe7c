/**
 * `tsx apps/server/src/test/with-pgbouncer.ts COMMAND…`: runs COMMAND with the server suite's
 * databases behind a transaction-pooling PgBouncer (test/pgbouncer.ts) in front of the PostgreSQL
 * of TEST_DATABASE_URL. The command sees TEST_DATABASE_URL through the pooler and
 * TEST_DATABASE_DIRECT_URL straight at PostgreSQL: test/app.ts creates each test's database
 * directly and gives the app both, as DATABASE_URL and DATABASE_DIRECT_URL (.ci/run).
 */
import { spawn } from 'node:child_process';
import { startPgbouncer } from './pgbouncer';

const direct = process.env.TEST_DATABASE_URL;
const command = process.argv.slice(2);
if (!direct || command.length === 0) {
  console.error('usage: TEST_DATABASE_URL=postgres://… tsx apps/server/src/test/with-pgbouncer.ts COMMAND…');
  process.exit(2);
}
// Not 6432, PgBouncer's usual port: a pooler of the machine's own may be there.
const bouncer = await startPgbouncer(direct, Number(process.env.PGBOUNCER_PORT ?? 6440));
console.log(
  `pgbouncer (pool_mode = transaction) on 127.0.0.1:${bouncer.port} in front of ${new URL(direct).host}`,
);
const child = spawn(command[0]!, command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: bouncer.pooled(direct), TEST_DATABASE_DIRECT_URL: direct },
});
const code = await new Promise<number>((resolve) => child.once('exit', (status) => resolve(status ?? 1)));
await bouncer.stop();
process.exit(code);
