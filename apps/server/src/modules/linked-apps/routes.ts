import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  isLinkedApp,
  LINKED_APP_NAMES,
  LINKED_APPS,
  linkedAppListSchema,
  MESSAGES,
  signInSchema,
  tattleUserSchema,
  twoFactorChallengeSchema,
  userSchema,
  linkedAppParamsSchema,
} from '@portal/contract';
import { clientInfo } from '../../lib/client-info';
import { AppError } from '../../lib/errors';
import { bearerSecurity, described, documentAs, errorResponses } from '../../lib/openapi';
import { authOf } from '../tokens';
import { presentUser } from '../users';
import { presentLinkedApp, presentTattleUser } from './presenter';

// The two link bodies, named in the OpenAPI document (the contract builds them per app).
const linkBodies = {
  ld: documentAs(signInSchema({ app: 'ld' }), 'LinkLiveDispatchRequest', {
    username: 'ld.dana',
    password: 'Dispatch#2024',
    authKey: '',
  }),
  ts: documentAs(signInSchema({ app: 'ts' }), 'LinkTattleSystemsRequest', {
    username: 'dana@acme-logistics.example',
    password: 'Telemetry#2024',
  }),
};

/** Linking LD and TS accounts (docs/api.md "Auth"), the TS session check, and where each app opens. */
export const linkedAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const { linkedApps } = app;
  const tags = ['linked apps'];

  for (const linkedApp of LINKED_APPS) {
    const name = LINKED_APP_NAMES[linkedApp];
    app.post(
      `/auth/link-${linkedApp}`,
      {
        onRequest: app.authenticate,
        schema: {
          operationId: linkedApp === 'ld' ? 'linkLiveDispatch' : 'linkTattleSystems',
          tags,
          summary: `Link the caller's ${name} account (its credentials, checked by ${name})`,
          description:
            linkedApp === 'ld'
              ? 'Live Dispatch may ask for a one-time code (202): send the same body again with the code as authKey.'
              : undefined,
          security: bearerSecurity,
          body: linkBodies[linkedApp],
          response: {
            200: dataOf(userSchema),
            202: described(dataOf(twoFactorChallengeSchema), `${name} asks for a one-time code`),
            ...errorResponses(401, 422, 429, 502),
          },
        },
      },
      async (request, reply) => {
        const result = await linkedApps.link(
          linkedApp,
          authOf(request).user.id,
          request.body,
          clientInfo(request),
        );
        if (result.kind === 'code-required')
          return reply.status(202).send({ data: { message: result.message } });
        return { data: presentUser(result.user) };
      },
    );
  }

  app.delete(
    '/auth/unlink-:app',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'unlinkApp',
        tags,
        summary: 'Unlink the caller’s ld or ts account',
        security: bearerSecurity,
        params: linkedAppParamsSchema,
        response: { 200: dataOf(userSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { app: linkedApp } = request.params;
      if (!isLinkedApp(linkedApp)) throw AppError.notFound(MESSAGES.unknownApp);
      return {
        data: presentUser(await linkedApps.unlink(linkedApp, authOf(request).user.id, clientInfo(request))),
      };
    },
  );

  app.get(
    '/auth/tattle-user',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getTattleUser',
        tags,
        summary: 'The Tattle Systems user of the caller’s linked TS session',
        description:
          'Checked with Tattle Systems using the session stored (sealed) at link time; a JSESSIONID header is ' +
          'not needed and is ignored. 409 when the TS session has ended: the link is cleared.',
        security: bearerSecurity,
        response: { 200: dataOf(tattleUserSchema), ...errorResponses(401, 409, 502) },
      },
    },
    async (request) => ({
      data: presentTattleUser(await linkedApps.tattleUser(authOf(request).user.id, clientInfo(request))),
    }),
  );

  app.get(
    '/linked-apps',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'listLinkedApps',
        tags,
        summary: 'Where each linked app opens (LD_APP_URL, TS_APP_URL; the simulators’ pages by default)',
        security: bearerSecurity,
        response: { 200: dataOf(linkedAppListSchema), ...errorResponses(401) },
      },
    },
    async () => ({ data: linkedApps.openUrls().map(presentLinkedApp) }),
  );
};
