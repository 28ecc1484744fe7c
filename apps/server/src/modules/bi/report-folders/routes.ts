import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  noContentSchema,
  reportFolderAssignmentSchema,
  reportFolderCreateSchema,
  reportFolderListSchema,
  reportFolderParamsSchema,
  reportFolderSchema,
  reportFolderUpdateSchema,
  reportItemParamsSchema,
  ROLE_IDS,
  setReportFolderSchema,
} from '@portal/contract';
import { bearerSecurity, described, errorResponses } from '../../../lib/openapi';
import { actorOf } from '../../tokens';
import { presentFolderAssignment, presentReportFolder } from './presenter';

/** Report folders (docs/api.md): portal-side groupings of BI items, by BI file id. */
export const reportFolderRoutes: FastifyPluginAsyncZod = async (app) => {
  const folders = app.reportFolders;
  const admin = app.requireRoles(ROLE_IDS.admin);
  const tags = ['report folders'];
  const security = bearerSecurity;

  app.get(
    '/bi/reports/folders',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listReportFolders',
        tags,
        security,
        summary: 'Every report folder',
        response: { 200: dataOf(reportFolderListSchema), ...errorResponses(401) },
      },
    },
    async () => ({ data: (await folders.list()).map(presentReportFolder) }),
  );

  app.post(
    '/bi/reports/folders',
    {
      onRequest: admin,
      schema: {
        operationId: 'createReportFolder',
        tags,
        security,
        summary: 'Create a report folder (admin)',
        body: reportFolderCreateSchema,
        response: { 201: dataOf(reportFolderSchema), ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: presentReportFolder(await folders.create(request.body, actorOf(request))) }),
  );

  app.put(
    '/bi/reports/folders/:id',
    {
      onRequest: admin,
      schema: {
        operationId: 'updateReportFolder',
        tags,
        security,
        summary: 'Rename or move a report folder (admin)',
        params: reportFolderParamsSchema,
        body: reportFolderUpdateSchema,
        response: { 200: dataOf(reportFolderSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({
      data: presentReportFolder(await folders.update(request.params.id, request.body, actorOf(request))),
    }),
  );

  app.delete(
    '/bi/reports/folders/:id',
    {
      onRequest: admin,
      schema: {
        operationId: 'deleteReportFolder',
        tags,
        security,
        summary: 'Delete a report folder with its subfolders; its items go back to their BI folders (admin)',
        params: reportFolderParamsSchema,
        response: { 204: described(noContentSchema, 'Deleted'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await folders.remove(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/bi/reports/:id/set-folder',
    {
      onRequest: admin,
      schema: {
        operationId: 'setReportFolder',
        tags,
        security,
        summary: 'Show a BI item (by BI file id) in a report folder; folder_id null puts it back (admin)',
        params: reportItemParamsSchema,
        body: setReportFolderSchema,
        response: {
          200: dataOf(reportFolderAssignmentSchema),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request) => ({
      data: presentFolderAssignment(
        await folders.setFolder(request.params.id, request.body.folder_id, actorOf(request)),
      ),
    }),
  );
};
