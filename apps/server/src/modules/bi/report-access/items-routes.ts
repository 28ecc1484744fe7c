import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  logOnTokenQuerySchema,
  logOnTokenSchema,
  nsbiUsersExportQuerySchema,
  nsbiUsersQuerySchema,
  pagedNsbiUsersSchema,
  projectItemsQuerySchema,
  RATE_LIMITS,
  reportItemListSchema,
  ROLE_IDS,
  type ReportItem,
} from '@portal/contract';
import { sendCsvExport } from '../../../lib/csv';
import { bearerSecurity, described, errorResponses } from '../../../lib/openapi';
import { csvResponse } from '../../../lib/openapi-media';
import {
  rememberByIdentity,
  rememberingSerializerCompiler,
  typedPayloadSerializerCompiler,
} from '../../../lib/remembering-serializer';
import { actorOf } from '../../tokens';
import {
  nsbiUserCsvColumns,
  presentLogOnToken,
  presentNsbiUsersPage,
  presentVisibleItems,
} from './presenter';

/** One frozen `{data}` per frozen item list: the remembering serializer encodes it once. */
// Typed mutable for the route's response type; it is frozen all the same.
const itemsPayload = rememberByIdentity(
  (items: readonly ReportItem[]) => Object.freeze({ data: items }) as { data: ReportItem[] },
);

/**
 * What of NS BI each user sees (`dundas-bi/project/…`, `dundas-bi/log-on/token`, docs/api.md): the
 * caller's dashboards and reports and the tokens that open them, and Users NSBI Dashboards. What
 * non-admins may call answers 503 with the maintenance message while maintenance mode is on
 * (docs/product.md §4): the service checks it first.
 */
export const reportItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = app.reportAccess;
  const tags = ['NS BI'];
  const admin = app.requireRoles(ROLE_IDS.admin);

  app.get(
    '/dundas-bi/project/project-items',
    {
      onRequest: app.authenticate,
      serializerCompiler: rememberingSerializerCompiler,
      schema: {
        operationId: 'listMyReportItems',
        tags,
        summary:
          'The caller’s dashboards and reports (needs the NSBI flag); refresh=1 re-reads the BI server',
        security: bearerSecurity,
        querystring: projectItemsQuerySchema,
        response: { 200: dataOf(reportItemListSchema), ...errorResponses(401, 403, 429, 502, 503) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const refresh = request.query.refresh === '1';
      // A refresh re-reads the BI server: limited, checked here so the cached read stays hook-free.
      if (refresh) await app.rateLimits.take(RATE_LIMITS.biRefresh, `user:${actor.userId}`);
      return itemsPayload(presentVisibleItems(await access.projectItems(actor, refresh)));
    },
  );

  app.get(
    '/dundas-bi/project/users-project-items',
    {
      onRequest: admin,
      // Up to 100 users with all their items: built field by field by presentNsbiUsersPage (typed
      // PagedNsbiUsers); validating ~6,000 small objects again on the way out would double the CPU.
      serializerCompiler: typedPayloadSerializerCompiler,
      schema: {
        operationId: 'listNsbiUsers',
        tags,
        summary: 'NSBI users with the dashboards and reports each sees, paged (admin: Users NSBI Dashboards)',
        security: bearerSecurity,
        querystring: nsbiUsersQuerySchema,
        response: { 200: pagedNsbiUsersSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => presentNsbiUsersPage(await access.usersProjectItems(request.query)),
  );

  app.get(
    '/dundas-bi/project/users-project-items/export',
    {
      onRequest: admin,
      schema: {
        operationId: 'exportNsbiUsers',
        tags,
        summary: 'The whole NSBI Dashboards list (same search and order) as CSV, streamed (admin)',
        security: bearerSecurity,
        querystring: nsbiUsersExportQuerySchema,
        response: {
          200: csvResponse(
            'Every NSBI user with the dashboards and reports each sees',
            'id,name,email,created_at,project_id,project_name,dashboards,reports,bi_server_unavailable\n',
          ),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return sendCsvExport(reply, {
        name: 'nsbi-dashboards',
        rows: access.exportUsersProjectItems(request.query),
        columns: nsbiUserCsvColumns,
        today: app.now(),
        finished: (outcome) =>
          app.audit.recordExport(actor, 'bi.nsbi_users.exported', request.query, outcome),
      });
    },
  );

  app.get(
    '/dundas-bi/log-on/token',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getLogOnToken',
        tags,
        summary:
          'A log-on token for the caller’s BI account (one view, 60 s) and the URL that opens the item with it',
        security: bearerSecurity,
        querystring: logOnTokenQuerySchema,
        response: {
          200: described(dataOf(logOnTokenSchema), 'The token and the view URL to embed'),
          ...errorResponses(401, 403, 404, 409, 422, 502, 503),
        },
      },
    },
    async (request) => ({
      data: presentLogOnToken(
        await access.logOnToken(actorOf(request), request.query.item),
        app.config.bi.publicUrl,
      ),
    }),
  );
};
