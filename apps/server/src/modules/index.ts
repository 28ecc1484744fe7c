import type { FastifyPluginAsync } from 'fastify';

/** Every API module, mounted under /api/v1.0 by buildApp. Add a module here and nowhere else. */
export const apiModules: FastifyPluginAsync[] = [];
