import type { Db } from './client';

/** A drizzle transaction handle; queries that must join a caller's transaction accept `Executor`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;
