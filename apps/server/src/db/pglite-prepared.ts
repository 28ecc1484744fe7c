import type { PGlite } from '@electric-sql/pglite';
import type { SqlQuery } from './client';
import { join } from './pglite-statements';

/** The named statements each PGlite instance has parsed. */
const parsedBy = new WeakMap<PGlite, Set<string>>();

/**
 * Runs a named prepared statement on PGlite, values bound, under the plan mode asked for: PGlite's
 * own `query` parses and plans every call (an unnamed statement) in six trips into its engine, and
 * planning there reads every relation's size through its emulated file system. One trip here:
 * plan_cache_mode is set for this call only (PGlite is one session, and runExclusive keeps every
 * other query out meanwhile), the statement parsed the first time, bound and executed, the setting
 * reset.
 */
export async function runNamed(
  pglite: PGlite,
  { name, plan, text, values }: SqlQuery,
): Promise<Array<Record<string, unknown>>> {
  // Loaded here, like PGlite itself (db/client.ts): a PostgreSQL deployment never loads it.
  const { parse, protocol } = await import('@electric-sql/pglite');
  const { serialize } = protocol;
  let parsed = parsedBy.get(pglite);
  if (!parsed) parsedBy.set(pglite, (parsed = new Set()));
  // The transaction lock first, as PGlite's own query takes it: sent while another caller's
  // transaction is open, the statement would run inside it (PGlite is one session).
  return pglite._runExclusiveTransaction(() =>
    pglite.runExclusive(async () => {
      const first = !parsed.has(name);
      try {
        const { messages } = await pglite.execProtocol(
          join([
            serialize.query(`set plan_cache_mode = force_${plan === 'generic' ? 'generic' : 'custom'}_plan`),
            ...(first ? [serialize.parse({ name, text })] : []),
            serialize.bind({ statement: name, values: values.map((v) => (v == null ? null : String(v))) }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
            serialize.query('reset plan_cache_mode'),
          ]),
        );
        parsed.add(name);
        const results = parse.parseResults(messages, pglite.parsers);
        return (results.find((r) => r.fields.length > 0)?.rows ?? []) as Array<Record<string, unknown>>;
      } catch (error) {
        // Start this statement afresh next time, and leave the session as it was.
        parsed.delete(name);
        const cleanUp = [
          serialize.close({ type: 'S', name }),
          serialize.sync(),
          serialize.query('reset plan_cache_mode'),
        ];
        await pglite.execProtocol(join(cleanUp), { throwOnError: false }).catch(() => undefined);
        throw error;
      }
    }),
  );
}
