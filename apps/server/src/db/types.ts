import type { ColumnsSelection } from 'drizzle-orm';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { Db } from './client';

/** A drizzle transaction handle; queries that must join a caller's transaction accept `Executor`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/**
 * A module's write that another module's statement carries in its WITH, so both commit together in
 * one round trip (a sign-in's throttle settle inside the new session's statement). `build` makes it
 * with named placeholders only, so the carrying statement is prepared once per shape: `name` tells
 * the shapes apart, `values` fills the placeholders.
 */
export type CarriedStatement = {
  name: string;
  build(db: Executor): TypedQueryBuilder<ColumnsSelection>;
  values: Record<string, unknown>;
};
