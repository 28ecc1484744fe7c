import { detectTransactionPooler, WITHOUT_DIRECT_URL } from '../../../db/pooler';
import { fail, pass, reasonOf, type Check } from '../types';

const NAME = 'Connection pooler';

/**
 * Whether DATABASE_URL is a transaction pooler (DATABASE_POOLER, else found the way the server finds
 * it at start), and if so that DATABASE_DIRECT_URL reaches PostgreSQL for what needs a session.
 */
export const checkPooler: Check = async ({ config, timeoutMs }) => {
  if (!config.databaseUrl) return pass(NAME, 'none (PGlite)');
  const { default: pg } = await import('pg');
  let pooled: boolean;
  try {
    pooled =
      config.databasePooler === undefined
        ? await detectTransactionPooler(pg, config.databaseUrl, timeoutMs)
        : config.databasePooler === 'transaction';
  } catch {
    // Nothing to add: the Database check says why DATABASE_URL cannot be reached.
    return [];
  }
  const how = config.databasePooler ? `DATABASE_POOLER=${config.databasePooler}` : 'found';
  if (!pooled)
    return pass(NAME, `none in transaction mode (${how}): prepared statements and LISTEN use DATABASE_URL`);
  if (!config.databaseDirectUrl)
    return fail(
      NAME,
      `DATABASE_URL is a transaction pooler (${how}) and DATABASE_DIRECT_URL is unset: ${WITHOUT_DIRECT_URL}`,
      'set DATABASE_DIRECT_URL to PostgreSQL itself, not through the pooler (docs/operations.md "Behind a connection pooler")',
    );
  const direct = new pg.Client({
    connectionString: config.databaseDirectUrl,
    connectionTimeoutMillis: timeoutMs,
  });
  direct.on('error', () => undefined);
  try {
    await direct.connect();
    await direct.query('SELECT 1');
  } catch (err) {
    return fail(
      NAME,
      `DATABASE_DIRECT_URL cannot be reached: ${reasonOf(err)}`,
      "check DATABASE_DIRECT_URL's host, port, user, password and database name",
    );
  } finally {
    await direct.end().catch(() => undefined);
  }
  if (await detectTransactionPooler(pg, config.databaseDirectUrl, timeoutMs).catch(() => false))
    return fail(
      NAME,
      'DATABASE_DIRECT_URL is a transaction pooler too',
      'point DATABASE_DIRECT_URL at PostgreSQL itself (or at a session-mode pooler)',
    );
  return pass(
    NAME,
    `DATABASE_URL is a transaction pooler (${how}); DATABASE_DIRECT_URL reaches PostgreSQL for realtime, migrations and backups`,
  );
};
