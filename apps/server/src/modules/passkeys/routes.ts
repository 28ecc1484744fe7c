import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  dataWithMessageOf,
  idParamsSchema,
  messageBodySchema,
  PASSKEY_MESSAGES,
  passkeyAddSchema,
  passkeyRegistrationOptionsSchema,
  passkeyRemoveSchema,
  passkeyRenameSchema,
  passkeySchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
  passkeysSchema,
  RATE_LIMITS,
  sessionSchema,
} from '@portal/contract';
import { clientInfo } from '../../lib/client-info';
import { bearerSecurity, errorResponses } from '../../lib/openapi';
import { presentSession } from '../auth';
import { actorOf, authOf } from '../tokens';
import { presentPasskey, presentRegistrationOptions, presentSignInOptions } from './presenter';

/** docs/api.md "Passkeys": the caller's passkeys (Profile) and signing in with one. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { passkeys } = app;
  const tags = ['auth'];
  const onRequest = app.authenticate;
  const optionsPerAddress = app.rateLimits.perAddress(RATE_LIMITS.passkeySignInOptions);
  const answersPerAddress = app.rateLimits.perAddress(RATE_LIMITS.passkeySignIn);

  app.get(
    '/auth/passkeys',
    {
      onRequest,
      schema: {
        operationId: 'listPasskeys',
        tags,
        summary: "The signed-in user's passkeys, oldest first",
        security: bearerSecurity,
        response: { 200: dataOf(passkeysSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      data: (await passkeys.list(authOf(request).user.id)).map(presentPasskey),
    }),
  );

  app.post(
    '/auth/passkeys/registration-options',
    {
      onRequest,
      schema: {
        operationId: 'beginPasskeyRegistration',
        tags,
        summary: 'Options for navigator.credentials.create() and the attempt to send back (5 minutes, once)',
        security: bearerSecurity,
        response: { 200: dataOf(passkeyRegistrationOptionsSchema), ...errorResponses(401, 409) },
      },
    },
    async (request) => ({
      data: presentRegistrationOptions(await passkeys.registrationOptions(authOf(request).user)),
    }),
  );

  app.post(
    '/auth/passkeys',
    {
      onRequest,
      schema: {
        operationId: 'addPasskey',
        tags,
        summary: 'Add a passkey: the answer of navigator.credentials.create(), named',
        description:
          'The attempt must be one this user began less than 5 minutes ago and not answered yet (400 otherwise); ' +
          'an answer that does not verify (another origin, another challenge) is a 422.',
        security: bearerSecurity,
        body: passkeyAddSchema,
        response: {
          201: dataWithMessageOf(passkeySchema),
          ...errorResponses(400, 401, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const created = await passkeys.add(request.body, actorOf(request));
      return reply.status(201).send({ data: presentPasskey(created), message: PASSKEY_MESSAGES.added });
    },
  );

  app.patch(
    '/auth/passkeys/:id',
    {
      onRequest,
      schema: {
        operationId: 'renamePasskey',
        tags,
        summary: 'Rename one of your passkeys',
        security: bearerSecurity,
        params: idParamsSchema,
        body: passkeyRenameSchema,
        response: { 200: dataWithMessageOf(passkeySchema), ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const renamed = await passkeys.rename(request.params.id, request.body.name, actorOf(request));
      return { data: presentPasskey(renamed), message: PASSKEY_MESSAGES.renamed };
    },
  );

  app.delete(
    '/auth/passkeys/:id',
    {
      onRequest,
      schema: {
        operationId: 'removePasskey',
        tags,
        summary: 'Remove one of your passkeys; needs your current_password in the body',
        description:
          'A missing or wrong password is a 422 with errors.current_password and counts against the sign-in throttle.',
        security: bearerSecurity,
        params: idParamsSchema,
        body: passkeyRemoveSchema,
        response: { 200: messageBodySchema, ...errorResponses(401, 404, 422, 429) },
      },
    },
    async (request) => {
      await passkeys.remove(request.params.id, request.body?.current_password, actorOf(request));
      return { message: PASSKEY_MESSAGES.removed };
    },
  );

  app.post(
    '/auth/passkeys/sign-in-options',
    {
      onRequest: optionsPerAddress,
      schema: {
        operationId: 'beginPasskeySignIn',
        tags,
        summary: 'Options for navigator.credentials.get() (any passkey of this site) and the attempt id',
        response: { 200: dataOf(passkeySignInOptionsSchema), ...errorResponses(429) },
      },
    },
    async () => ({ data: presentSignInOptions(await passkeys.signInOptions()) }),
  );

  app.post(
    '/auth/passkeys/sign-in',
    {
      onRequest: answersPerAddress,
      schema: {
        operationId: 'signInWithPasskey',
        tags,
        summary: 'Sign in with the answer of navigator.credentials.get(): a session, no emailed code',
        description:
          'The attempt is single use and lives 5 minutes. Blocked or deleted users, unknown or removed passkeys, ' +
          'another origin and a signature counter that went back are refused (401); single session applies.',
        body: passkeySignInSchema,
        response: { 200: dataOf(sessionSchema), ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await passkeys.signIn(request.body, clientInfo(request), request.protocol === 'https');
      if (signedIn.deviceCookie) reply.header('set-cookie', signedIn.deviceCookie);
      return { data: presentSession(signedIn) };
    },
  );
};
