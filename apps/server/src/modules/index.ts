import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { biRoutes } from './bi/routes';
import { reportFolderRoutes } from './reports/routes';
import { reportAccessRoutes } from './reports/access-routes';
import { userLogRoutes } from './logs/routes';
import { usageRoutes } from './usage/routes';
import { resourceRoutes } from './resources/routes';
import { linkedAppRoutes } from './linked-apps/routes';
import { fileRoutes } from './files/routes';
import { metaRoutes } from './meta/routes';
import { roleRoutes } from './roles/routes';
import { settingsRoutes } from './settings/routes';
import { userRoutes } from './users/routes';
import { mailRoutes } from '../mail/routes';
import { passwordRoutes } from './passwords/routes';
import { realtimeRoutes } from './realtime/routes';
import { sessionRoutes } from './sessions/routes';
import { signupRoutes } from './signup/routes';

/** Every API module, mounted under /api/v1.0 by buildApp. Add a module here and nowhere else. */
export const apiModules: FastifyPluginAsync[] = [
  authRoutes,
  linkedAppRoutes,
  biRoutes,
  reportFolderRoutes,
  reportAccessRoutes,
  userLogRoutes,
  usageRoutes,
  resourceRoutes,
  roleRoutes,
  settingsRoutes,
  userRoutes,
  metaRoutes,
  fileRoutes,
  passwordRoutes,
  signupRoutes,
  sessionRoutes,
  realtimeRoutes,
  mailRoutes,
];
