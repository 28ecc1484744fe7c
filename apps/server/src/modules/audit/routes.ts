import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditExportQuerySchema, auditQuerySchema, pagedAuditSchema, ROLE_IDS } from '@portal/contract';
import { sendCsvExport } from '../../lib/csv';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { csvResponse } from '../../lib/openapi-media';
import { actorOf } from '../tokens';
import { auditCsvColumns, presentAuditPage } from './presenter';

/** docs/api.md "Audit log": admins read and export who did what to whom, when and from where. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireRoles(ROLE_IDS.admin);
  const tags = ['audit-log'];

  app.get(
    '/audit-log',
    {
      onRequest,
      schema: {
        operationId: 'listAuditLog',
        tags,
        security: bearerSecurity,
        summary: 'A page of the audit log, newest first; filtered by actor, target, action prefix, from/to',
        querystring: auditQuerySchema,
        response: { 200: pagedAuditSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => presentAuditPage(await app.audit.list(request.query, actorOf(request))),
  );

  app.get(
    '/audit-log/export',
    {
      onRequest,
      schema: {
        operationId: 'exportAuditLog',
        tags,
        security: bearerSecurity,
        summary: 'The whole filtered audit log as CSV (streamed)',
        querystring: auditExportQuerySchema,
        response: {
          200: csvResponse(
            'Every matching entry in the list order',
            'id,at,action,actor_id,actor_name,target_type,target_id,target_name,ip,details\n',
          ),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return sendCsvExport(reply, {
        name: 'audit-log',
        rows: app.audit.exportRows(request.query),
        columns: auditCsvColumns,
        today: app.now(),
        finished: (outcome) => app.audit.recordExport(actor, 'audit_log.exported', request.query, outcome),
      });
    },
  );
};
