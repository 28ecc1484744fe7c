import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@portal/contract';
import { createAuditRepository } from './repository';
import { auditRoutes } from './routes';
import { createAuditService, type AuditService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log for admins: pages and CSV export (modules/audit). */
    audit: AuditService;
  }
}

/** The audit module: reads audit_log (every module writes it through lib/audit.ts). */
export const auditModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'audit',
      createAuditService({ audit: createAuditRepository(app.database.db), db: app.database.db }),
    );
    await app.register(auditRoutes, { prefix: API_PREFIX });
  },
  {
    name: 'audit',
    dependencies: ['tokens'],
    decorators: { fastify: ['database', 'now', 'requireRoles'] },
  },
);
