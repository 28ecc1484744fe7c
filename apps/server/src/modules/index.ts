import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { roleRoutes } from './roles/routes';
import { settingsRoutes } from './settings/routes';

/** Every API module, mounted under /api/v1.0 by buildApp. Add a module here and nowhere else. */
export const apiModules: FastifyPluginAsync[] = [authRoutes, roleRoutes, settingsRoutes];
