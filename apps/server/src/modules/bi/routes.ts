import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  biAccountByNameQuerySchema,
  biAccountCreateSchema,
  biAccountDeleteQuerySchema,
  biAccountProjectSchema,
  biAccountSchema,
  biBulkProjectAnswerSchema,
  biBulkProjectSchema,
  biProjectAssignmentSchema,
  biProjectListSchema,
  dataOf,
  idParamsSchema,
  messageBodySchema,
  ROLE_IDS,
} from '@portal/contract';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { actorOf } from '../tokens';
import {
  presentAccountDeleted,
  presentBiAccount,
  presentBiProject,
  presentProjectAssignment,
  presentProjectsAssigned,
} from './presenter';

/**
 * BI accounts and projects (`dundas-bi/account…`, `dundas-bi/project/all`, docs/api.md). What
 * non-admins may call answers 503 with the maintenance message while maintenance mode is on
 * (docs/product.md §4): the service checks it first.
 */
export const biRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.bi;
  const tags = ['NS BI'];
  const admin = app.requireRoles(ROLE_IDS.admin);

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
      reply
        .status(201)
        .send({ data: presentBiAccount(await service.create(request.body.user_id, actorOf(request))) }),
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
    async (request) => ({
      data: presentBiAccount(await service.ofUser(request.params.id, actorOf(request))),
    }),
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
    async (request) => ({ data: presentBiAccount(await service.byName(request.query.name)) }),
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
      const { deleteFolders } = request.query;
      await service.deleteAccount(request.params.id, { deleteFolders }, actorOf(request));
      return presentAccountDeleted();
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
          200: dataOf(biProjectAssignmentSchema),
          ...errorResponses(401, 403, 404, 422, 502),
        },
      },
    },
    async (request) => {
      const { user_id: userId, project_id: projectId } = request.body;
      return {
        data: presentProjectAssignment(await service.assignProject(userId, projectId, actorOf(request))),
      };
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
        response: { 200: biBulkProjectAnswerSchema, ...errorResponses(401, 403, 422, 502) },
      },
    },
    async (request) => {
      const { user_ids: userIds, project_id: projectId } = request.body;
      return presentProjectsAssigned(await service.assignProjectToMany(userIds, projectId, actorOf(request)));
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
        response: { 200: dataOf(biProjectListSchema), ...errorResponses(401, 403, 502) },
      },
    },
    async () => ({ data: (await service.projects()).map(presentBiProject) }),
  );
};
