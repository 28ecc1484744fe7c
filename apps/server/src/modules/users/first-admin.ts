import type { FastifyInstance } from 'fastify';

/** Placeholder replaced by the auth work: creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function ensureFirstAdmin(_app: FastifyInstance): Promise<void> {}
