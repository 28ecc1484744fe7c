import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  biAccountByNameQuerySchema,
  biBulkProjectSchema,
  CONNECT_REPORTS_MESSAGES,
  biAccountCreateSchema,
  biAccountDeleteQuerySchema,
  biAccountProjectSchema,
  biAccountSchema,
  biProjectSchema,
  BI_MESSAGES,
  dataOf,
  logOnTokenQuerySchema,
  logOnTokenSchema,
  messageBodySchema,
  nsbiUsersExportQuerySchema,
  nsbiUsersQuerySchema,
  pagedNsbiUsersSchema,
  projectItemsQuerySchema,
  RATE_LIMITS,
  reportItemListSchema,
  ROLE_IDS,
  type ReportItem,
} from '@portal/contract';
import {
  rememberByIdentity,
  rememberingSerializerCompiler,
  typedPayloadSerializerCompiler,
} from '../../lib/remembering-serializer';
import { bearerSecurity, described, errorResponses } from '../../lib/openapi';
import { actorOf, authOf } from '../tokens';
import { sendCsvExport } from '../../lib/csv';
import { csvResponse } from '../../lib/openapi-media';
import {
  nsbiUserCsvColumns,
  presentBiAccount,
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
 * The BI account service (`dundas-bi/…`, docs/api.md). What non-admins may call answers 503 with the
 * maintenance message while maintenance mode is on (docs/product.md §4): the service checks it first.
 */
export const biRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.bi;
  const tags = ['NS BI'];
  const admin = app.requireRoles(ROLE_IDS.admin);
  const account = (of: { account: Parameters<typeof presentBiAccount>[0]; projectId: string | null }) =>
    presentBiAccount(of.account, of.projectId);

  app.post(
    '/dundas-bi/account',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'createBiAccount',
        tags,
        summary: 'Create the BI account of a user (yourself, or anyone for admins)',
        security: bearerSecurity,
        body: biAccountCreateSchema,
        response: { 201: dataOf(biAccountSchema), ...errorResponses(401, 403, 404, 409, 422, 502, 503) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: account(await service.create(request.body.user_id, actorOf(request))) }),
  );

  app.get(
    '/dundas-bi/account/:id',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getBiAccountOfUser',
        tags,
        summary: 'The BI account of a portal user (by portal user id)',
        security: bearerSecurity,
        params: idParamsSchema,
        response: { 200: dataOf(biAccountSchema), ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request) => ({ data: account(await service.ofUser(request.params.id, actorOf(request))) }),
  );

  app.get(
    '/dundas-bi/account',
    {
      onRequest: admin,
      schema: {
        operationId: 'findBiAccountByName',
        tags,
        summary: 'A BI account by its name (admin)',
        security: bearerSecurity,
        querystring: biAccountByNameQuerySchema,
        response: { 200: dataOf(biAccountSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: account(await service.byName(request.query.name)) }),
  );

  app.delete(
    '/dundas-bi/account/:id',
    {
      onRequest: admin,
      schema: {
        operationId: 'deleteBiAccount',
        tags,
        summary:
          'Delete the BI account of a portal user (admin); deleteFolders=true empties its own project first',
        security: bearerSecurity,
        params: idParamsSchema,
        querystring: biAccountDeleteQuerySchema,
        response: { 200: messageBodySchema, ...errorResponses(401, 403, 404, 502) },
      },
    },
    async (request) => {
      const deleteFolders = ['true', '1'].includes(request.query.deleteFolders ?? '');
      await service.deleteAccount(request.params.id, { deleteFolders }, authOf(request).user.id);
      return { message: BI_MESSAGES.accountDeleted };
    },
  );

  app.post(
    '/dundas-bi/account/project',
    {
      onRequest: admin,
      schema: {
        operationId: 'assignBiProject',
        tags,
        summary: 'Assign a BI project to a user (admin); null removes it',
        security: bearerSecurity,
        body: biAccountProjectSchema,
        response: {
          200: dataOf(z.object({ user_id: z.number(), project_id: z.string().nullable() })),
          ...errorResponses(401, 403, 404, 422, 502),
        },
      },
    },
    async (request) => {
      const { userId, projectId } = await service.assignProject(
        request.body.user_id,
        request.body.project_id,
        authOf(request).user.id,
      );
      return { data: { user_id: userId, project_id: projectId } };
    },
  );

  app.post(
    '/dundas-bi/account/projects',
    {
      onRequest: admin,
      schema: {
        operationId: 'assignBiProjectToUsers',
        tags,
        summary: 'Assign one BI project to several users at once (admin: Connect reports); null removes it',
        security: bearerSecurity,
        body: biBulkProjectSchema,
        response: {
          200: z.object({ data: z.object({ count: z.number() }), message: z.string() }),
          ...errorResponses(401, 403, 422, 502),
        },
      },
    },
    async (request) => {
      const { user_ids: userIds, project_id: projectId } = request.body;
      const { count, projectName } = await service.assignProjectToMany(
        userIds,
        projectId,
        authOf(request).user.id,
      );
      return { data: { count }, message: CONNECT_REPORTS_MESSAGES.assigned(count, projectName) };
    },
  );

  app.get(
    '/dundas-bi/project/all',
    {
      onRequest: admin,
      schema: {
        operationId: 'listBiProjects',
        tags,
        summary: 'Every project of the BI server (admin: the user form’s project select)',
        security: bearerSecurity,
        response: { 200: dataOf(z.array(biProjectSchema)), ...errorResponses(401, 403, 502) },
      },
    },
    async () => ({ data: await service.projects() }),
  );

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
      const { user } = authOf(request);
      const refresh = request.query.refresh === '1';
      // A refresh re-reads the BI server: limited, checked here so the cached read stays hook-free.
      if (refresh) await app.rateLimits.take(RATE_LIMITS.biRefresh, `user:${user.id}`);
      return itemsPayload(presentVisibleItems(await service.projectItems(user, refresh), user.email));
    },
  );

  app.get(
    '/dundas-bi/project/users-project-items',
    {
      onRequest: admin,
      // Up to 100 users with all their items: built field by field by listNsbiUsers (typed
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
    async (request) => presentNsbiUsersPage(await service.usersProjectItems(request.query)),
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
        rows: service.exportUsersProjectItems(request.query),
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
        await service.logOnToken(authOf(request).user, request.query.item),
        app.config.bi.publicUrl,
      ),
    }),
  );
};
