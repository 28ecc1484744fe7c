import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  dataWithMessageOf,
  deleteUserQuerySchema,
  idParamsSchema,
  messageBodySchema,
  pagedUsersSchema,
  ROLE_IDS,
  userPayloadSchema,
  USER_ADMIN_MESSAGES,
  userSchema,
  usersQuerySchema,
  MESSAGES,
} from '@portal/contract';
import { clientInfo } from '../../lib/client-info';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { typedPayloadSerializerCompiler } from '../../lib/remembering-serializer';
import { authOf } from '../auth/guard';
import { AppError } from '../../lib/errors';
import { presentUser, presentUserPage } from './presenter';
import { isAdmin } from './rules';
import { createUserService, type Actor } from './service';

const actorOf = (request: FastifyRequest): Actor => {
  const { user, sessionId } = authOf(request);
  return { userId: user.id, sessionId, ip: clientInfo(request).ip };
};

/** API.md "Users": admin routes (the guard answers 401/403 before the body is read), PUT also for oneself. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUserService({
    db: app.database.db,
    dbKind: app.database.kind,
    sessionCache: app.sessionCache,
    biAccounts: app.biAccounts,
  });
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
    '/users/:id',
    {
      onRequest,
      schema: {
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
        tags,
        security,
        summary: 'Create a user',
        body: userPayloadSchema('create'),
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

  // Admins update anyone; everyone else only themselves (the Profile screen's 'Save Profile'):
  // the service refuses a role change, admin-only meta and the BI project for non-admins.
  app.put(
    '/users/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Update a user (admins: anyone; others: themselves); an empty password keeps the old one',
        params: idParamsSchema,
        body: userPayloadSchema('edit'),
        response: { 200: dataWithMessageOf(userSchema), ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const caller = authOf(request).user;
      const admin = isAdmin(caller);
      if (!admin && request.params.id !== caller.id) throw AppError.forbidden();
      const user = await users.update(request.params.id, request.body, {
        ...actorOf(request),
        isAdmin: admin,
      });
      return { data: presentUser(user, { adminView: admin }), message: MESSAGES.userUpdated };
    },
  );

  app.delete(
    '/users/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete a user (block=0: the email is free again) or delete & block them (block=1)',
        description: `Ends every session of the user. Deleting yourself is refused (403: "${USER_ADMIN_MESSAGES.deleteSelf}").`,
        params: idParamsSchema,
        querystring: deleteUserQuerySchema,
        response: { 200: messageBodySchema, ...errorResponses(401, 403, 404, 422), 502: messageBodySchema },
      },
    },
    async (request) => ({ message: await users.remove(request.params.id, request.query, actorOf(request)) }),
  );

  for (const method of ['POST', 'PATCH'] as const) {
    app.route({
      method,
      url: '/users/:id/restore',
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Restore a blocked user',
        params: idParamsSchema,
        response: { 200: messageBodySchema, ...errorResponses(401, 403, 404, 422) },
      },
      handler: async (request) => ({ message: await users.restore(request.params.id, actorOf(request)) }),
    });
  }
};
