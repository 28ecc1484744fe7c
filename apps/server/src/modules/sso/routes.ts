import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  RATE_LIMITS,
  ROLE_IDS,
  saveSsoProviderRequestSchema,
  ssoLinkListSchema,
  ssoLinkParamsSchema,
  ssoLookupQuerySchema,
  ssoLookupSchema,
  ssoProviderListSchema,
  ssoProviderParamsSchema,
  ssoProviderSchema,
} from '@portal/contract';
import { bearerSecurity, errorResponses, noContent } from '../../lib/openapi';
import { actorOf, authOf } from '../tokens';
import { presentSsoLink, presentSsoProvider } from './presenter';

/** docs/api.md "Single sign-on": identity providers (admin), the sign-in page's lookup, links. */
export const ssoRoutes: FastifyPluginAsyncZod<{ redirectUri: string }> = async (app, { redirectUri }) => {
  const { sso } = app;
  const tags = ['single sign-on'];
  const admin = app.requireRoles(ROLE_IDS.admin);
  const present = (row: Parameters<typeof presentSsoProvider>[0]) => presentSsoProvider(row, redirectUri);

  app.get(
    '/auth/sso/lookup',
    {
      onRequest: app.rateLimits.perAddress(RATE_LIMITS.ssoLookup),
      schema: {
        operationId: 'lookUpSsoProvider',
        tags,
        summary: 'The enabled identity provider serving an email address domain, or null',
        querystring: ssoLookupQuerySchema,
        response: { 200: dataOf(ssoLookupSchema), ...errorResponses(422, 429) },
      },
    },
    async (request) => ({ data: await sso.lookup(request.query.email) }),
  );

  app.get(
    '/auth/sso/links',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listMySsoLinks',
        tags,
        summary: "The caller's identities at identity providers (My Profile)",
        security: bearerSecurity,
        response: { 200: dataOf(ssoLinkListSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: (await sso.linksOfUser(authOf(request).user.id)).map(presentSsoLink) }),
  );

  app.get(
    '/sso/providers',
    {
      onRequest: admin,
      schema: {
        operationId: 'listSsoProviders',
        tags,
        summary: 'Every identity provider (admin)',
        security: bearerSecurity,
        response: { 200: dataOf(ssoProviderListSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: (await sso.listProviders()).map(present) }),
  );

  app.post(
    '/sso/providers',
    {
      onRequest: admin,
      schema: {
        operationId: 'createSsoProvider',
        tags,
        summary: 'Add an identity provider (admin); the client secret is stored sealed',
        security: bearerSecurity,
        body: saveSsoProviderRequestSchema,
        response: { 201: dataOf(ssoProviderSchema), ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: present(await sso.createProvider(request.body, actorOf(request))) }),
  );

  app.get(
    '/sso/providers/:id',
    {
      onRequest: admin,
      schema: {
        operationId: 'getSsoProvider',
        tags,
        summary: 'One identity provider (admin)',
        security: bearerSecurity,
        params: ssoProviderParamsSchema,
        response: { 200: dataOf(ssoProviderSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: present(await sso.getProvider(request.params.id)) }),
  );

  app.put(
    '/sso/providers/:id',
    {
      onRequest: admin,
      schema: {
        operationId: 'updateSsoProvider',
        tags,
        summary: 'Change an identity provider (admin); an empty client_secret keeps the stored one',
        security: bearerSecurity,
        params: ssoProviderParamsSchema,
        body: saveSsoProviderRequestSchema,
        response: { 200: dataOf(ssoProviderSchema), ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => ({
      data: present(await sso.updateProvider(request.params.id, request.body, actorOf(request))),
    }),
  );

  app.delete(
    '/sso/providers/:id',
    {
      onRequest: admin,
      schema: {
        operationId: 'deleteSsoProvider',
        tags,
        summary: 'Delete an identity provider and its links (admin)',
        security: bearerSecurity,
        params: ssoProviderParamsSchema,
        response: { 204: noContent('Deleted'), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await sso.deleteProvider(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/sso/providers/:id/links',
    {
      onRequest: admin,
      schema: {
        operationId: 'listSsoProviderLinks',
        tags,
        summary: 'The portal users linked to identities at a provider (admin)',
        security: bearerSecurity,
        params: ssoProviderParamsSchema,
        response: { 200: dataOf(ssoLinkListSchema), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => ({ data: (await sso.linksOfProvider(request.params.id)).map(presentSsoLink) }),
  );

  app.get(
    '/users/:id/sso-links',
    {
      onRequest: admin,
      schema: {
        operationId: 'listUserSsoLinks',
        tags,
        summary: "A user's identities at identity providers (admin)",
        security: bearerSecurity,
        params: ssoProviderParamsSchema,
        response: { 200: dataOf(ssoLinkListSchema), ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => ({ data: (await sso.linksOfUser(request.params.id)).map(presentSsoLink) }),
  );

  app.delete(
    '/sso/links/:id',
    {
      onRequest: admin,
      schema: {
        operationId: 'removeSsoLink',
        tags,
        summary: 'Remove the link between a portal user and an identity (admin)',
        security: bearerSecurity,
        params: ssoLinkParamsSchema,
        response: { 204: noContent('Removed'), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await sso.removeLink(request.params.id, actorOf(request));
      return reply.status(204).send(null);
    },
  );
};
