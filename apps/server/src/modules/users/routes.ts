import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BULK_MAX_IDS,
  BULK_MAX_USERS,
  BULK_STEP_UP_ACTIONS,
  bulkJobResponseSchema,
  bulkUsersRequestSchema,
  dataOf,
  dataWithMessageOf,
  deleteUserQuerySchema,
  idParamsSchema,
  messageBodySchema,
  metaListResponseSchema,
  metaUpdateSchema,
  pagedUsersSchema,
  ROLE_IDS,
  stepUpBodySchema,
  userPayloadSchema,
  USER_ADMIN_MESSAGES,
  userSchema,
  usersExportQuerySchema,
  usersQuerySchema,
  MESSAGES,
} from '@portal/contract';
import { bearerSecurity, documentAs, errorResponses } from '../../lib/openapi';
import { typedPayloadSerializerCompiler } from '../../lib/remembering-serializer';
import { actorOf } from '../tokens';
import { sendCsvExport } from '../../lib/csv';
import { csvResponse } from '../../lib/openapi-media';
import {
  presentBulkJob,
  presentMeta,
  presentRemoval,
  presentUser,
  presentUserPage,
  userCsvColumns,
} from './presenter';

const userBodyExample = {
  name: 'Dana Fleet',
  email: 'dana@acme-logistics.example',
  password: 'correct horse 9',
  password_confirmation: 'correct horse 9',
  meta: [
    { key: 'company_name', value: 'Acme Logistics' },
    { key: 'primary_phone_number', value: '0215550123' },
  ],
  role_id: 3,
  project_id: null,
};
// The user form's bodies, named in the OpenAPI document (the contract builds them per call).
const createUserBody = documentAs(userPayloadSchema('create'), 'UserCreate', userBodyExample);
// Without password fields: an edit that leaves them out keeps the password (an empty one does too).
const { password: _password, password_confirmation: _confirmation, ...userUpdateExample } = userBodyExample;
const updateUserBody = documentAs(userPayloadSchema('edit'), 'UserUpdate', userUpdateExample);
// The acting admin's password, asked when the user is another administrator (docs/api.md).
const stepUpBody = documentAs(stepUpBodySchema, 'StepUp', { current_password: 'my own password' });

/**
 * docs/api.md "Users": admin routes (the guard answers 401/403 before the body is read); PUT users/{id}
 * and POST meta/user also for oneself (the service asks policy.ts who may change what).
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app;
  const onRequest = app.requireRoles(ROLE_IDS.admin);
  const tags = ['users'];
  const security = bearerSecurity;

  app.get(
    '/users',
    {
      onRequest,
      // The hottest admin read: 25 Users a page, built field by field by presentUserPage (typed
      // PagedUsers); zod on the way out was a third of the route's own CPU.
      serializerCompiler: typedPayloadSerializerCompiler,
      schema: {
        operationId: 'listUsers',
        tags,
        security,
        summary: 'A page of active users, or of blocked ones with blocked=1; searchable and sortable',
        querystring: usersQuerySchema,
        response: { 200: pagedUsersSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => presentUserPage(await users.list(request.query)),
  );

  app.get(
    '/users/export',
    {
      onRequest,
      schema: {
        operationId: 'exportUsers',
        tags,
        security,
        summary: 'The whole list (same search, blocked and order) as CSV, streamed',
        querystring: usersExportQuerySchema,
        response: {
          200: csvResponse(
            'Every user the list would show, in its order',
            'id,name,email,username,company_name,roles,blocked,bi_project_id,created_at\n',
          ),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      return sendCsvExport(reply, {
        name: 'users',
        rows: users.exportRows(request.query),
        columns: userCsvColumns,
        today: app.now(),
        finished: (outcome) => app.audit.recordExport(actor, 'users.exported', request.query, outcome),
      });
    },
  );

  app.post(
    '/users/bulk',
    {
      onRequest,
      schema: {
        operationId: 'bulkUsers',
        tags,
        security,
        summary:
          'Start a bulk job: one action (block, restore, delete, NSBI on/off, assign a BI project) on many users',
        description: `Selected \`ids\` (at most ${BULK_MAX_IDS}) or every user a list \`filter\` matches (at most ${BULK_MAX_USERS}; its \`expected_total\` must be the number the list showed, else 409). Answers 202 with the job at once; \`GET users/bulk/{id}\` reads its progress. Each user is handled like the single action (its checks, its one audit row). The acting admin is skipped, and so is every administrator a filter (not an id) matched. ${BULK_STEP_UP_ACTIONS.join(', ')} need the acting admin's \`current_password\` (422 without it or when wrong). One running job per admin (409).`,
        body: bulkUsersRequestSchema,
        response: { 202: bulkJobResponseSchema, ...errorResponses(400, 401, 403, 409, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.status(202).send(presentBulkJob(await users.bulk.start(request.body, actorOf(request)))),
  );

  app.get(
    '/users/bulk/:id',
    {
      onRequest,
      schema: {
        operationId: 'getBulkJob',
        tags,
        security,
        summary: 'A bulk job of the caller: its state, counts so far, skipped and failed users',
        description: "Only the admin who started the job may read it; another admin's job is 404.",
        params: idParamsSchema,
        response: { 200: bulkJobResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => presentBulkJob(await users.bulk.status(request.params.id, actorOf(request))),
  );

  app.get(
    '/users/:id',
    {
      onRequest,
      schema: {
        operationId: 'getUser',
        tags,
        security,
        summary: 'One user (blocked ones too)',
        params: idParamsSchema,
        response: { 200: dataOf(userSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: presentUser(await users.get(request.params.id), { adminView: true }) }),
  );

  app.post(
    '/users',
    {
      onRequest,
      schema: {
        operationId: 'createUser',
        tags,
        security,
        summary: 'Create a user',
        body: createUserBody,
        response: { 201: dataWithMessageOf(userSchema), ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) => {
      const user = await users.create(request.body, actorOf(request));
      return reply
        .status(201)
        .send({ data: presentUser(user, { adminView: true }), message: MESSAGES.userCreated });
    },
  );

  // Admins update anyone; everyone else only themselves (the Profile screen's 'Save Profile').
  app.put(
    '/users/:id',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'updateUser',
        tags,
        security,
        summary: 'Update a user (admins: anyone; others: themselves); an empty password keeps the old one',
        params: idParamsSchema,
        body: updateUserBody,
        response: { 200: dataWithMessageOf(userSchema), ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const user = await users.update(request.params.id, request.body, actor);
      return { data: presentUser(user, { adminView: actor.isAdmin }), message: MESSAGES.userUpdated };
    },
  );

  app.delete(
    '/users/:id',
    {
      onRequest,
      schema: {
        operationId: 'deleteUser',
        tags,
        security,
        summary: 'Delete a user (block=0: the email is free again) or delete & block them (block=1)',
        description: `Ends every session of the user. Deleting yourself is refused (403: "${USER_ADMIN_MESSAGES.deleteSelf}"). Another administrator only with the acting admin's \`current_password\` in the body (422 without it or when wrong).`,
        params: idParamsSchema,
        querystring: deleteUserQuerySchema,
        body: stepUpBody,
        response: { 200: messageBodySchema, ...errorResponses(401, 403, 404, 422, 429, 502) },
      },
    },
    async (request) =>
      presentRemoval(
        await users.remove(
          request.params.id,
          request.query,
          actorOf(request),
          request.body?.current_password,
        ),
      ),
  );

  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/users/:id/restore',
      onRequest,
      schema: {
        operationId: method === 'POST' ? 'restoreUser' : 'restoreUserByPatch',
        tags,
        security,
        summary: 'Restore a blocked user',
        description:
          "Another administrator only with the acting admin's `current_password` in the body (422 without it or when wrong).",
        params: idParamsSchema,
        body: stepUpBody,
        response: { 200: messageBodySchema, ...errorResponses(401, 403, 404, 422, 429) },
      },
      handler: async (request) => {
        await users.restore(request.params.id, actorOf(request), request.body?.current_password);
        return { message: USER_ADMIN_MESSAGES.userRestored };
      },
    });
  }

  app.post(
    '/meta/user',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'setUserMeta',
        tags,
        summary: "Set meta keys of a user (own user, or admin for anyone); answers the user's meta list",
        description:
          'admin_notes and settings.nsbi_enabled are admin only (403 otherwise); flags are "0"/"1".',
        security,
        body: metaUpdateSchema,
        response: { 200: metaListResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const saved = await users.saveMeta(request.body, actor);
      return {
        data: presentMeta(saved.meta, { adminView: actor.isAdmin }),
        ...(saved.biAccount && { bi_account: saved.biAccount }),
      };
    },
  );
};
