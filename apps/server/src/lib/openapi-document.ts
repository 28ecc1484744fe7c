import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { sample } from 'openapi-sampler';
import { API_PREFIX, BI_ID_PATTERN, errorBodySchema, PRODUCT_NAME } from '@portal/contract';
import { ERROR_DESCRIPTIONS, ERROR_EXAMPLES } from './openapi';
import './openapi-components';

// The few parts of OpenAPI 3.0 this file reads and writes.
type Schema = Record<string, unknown>;
type Media = { schema?: Schema; example?: unknown; examples?: unknown };
type Operation = {
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};
type Document = {
  paths: Record<string, Partial<Record<'get' | 'put' | 'post' | 'delete' | 'patch', Operation>>>;
  components?: { schemas?: Record<string, Schema> };
};
type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;

const SUCCESS_DESCRIPTIONS: Record<string, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted' };

/**
 * One route's part of the document. Only the API is documented: the SPA's files, the simulators,
 * health checks and the specs PDF are not part of it. Error answers share the `Error` component,
 * each described by its status; an answer without a description says its status.
 */
const transform: Transform = (route) => {
  if (!route.url.startsWith(`${API_PREFIX}/`)) return { schema: { hide: true }, url: route.url };
  const result = jsonSchemaTransform(route);
  const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
  const responses = (result.schema as { response?: Record<string, object> }).response ?? {};
  for (const [status, schema] of Object.entries(declared)) {
    const response = responses[status] as { description?: string; type?: string } | undefined;
    if (!response) continue;
    if (schema === errorBodySchema) response.description = ERROR_DESCRIPTIONS[Number(status)] ?? 'Error';
    else response.description ??= SUCCESS_DESCRIPTIONS[status];
    // No body at all (zod's null is a nullable string in OpenAPI 3.0): @fastify/swagger omits it.
    if (status === '204' || status === '304')
      responses[status] = { type: 'null', description: response.description };
  }
  // Public operations say so (`security: []`): a reader must not guess whether a token is needed.
  const documented = result.schema as { security?: unknown[] };
  documented.security ??= [];
  return result;
};

const operationsOf = (document: Document): Operation[] =>
  Object.values(document.paths).flatMap((item) =>
    (['get', 'put', 'post', 'delete', 'patch'] as const).flatMap((method) => item?.[method] ?? []),
  );

/** Every media type of an operation: its request body's and its answers'. */
const mediaOf = (operation: Operation): Media[] => [
  ...Object.values(operation.requestBody?.content ?? {}),
  ...Object.values(operation.responses).flatMap((response) => Object.values(response.content ?? {})),
];

const REF = '#/components/schemas/';

/**
 * The components the operations use, under their plain names. fastify-type-provider-zod emits every
 * named schema twice (`X` as answers show it, `XInput` as requests send it); a request body's
 * `LoginRequestInput` is `LoginRequest` here when nothing answers with that schema.
 */
function keepUsedComponents(document: Document) {
  const schemas = document.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(REF)) {
        const id = value.slice(REF.length);
        if (!used.has(id)) {
          used.add(id);
          visit(schemas[id]);
        }
      } else visit(value);
    }
  };
  visit(document.paths);
  const renamed = new Map<string, string>();
  for (const id of used) {
    const plain = id.replace(/Input$/, '');
    if (plain !== id && !used.has(plain)) renamed.set(id, plain);
  }
  const kept: Record<string, Schema> = {};
  for (const id of [...used].sort()) kept[renamed.get(id) ?? id] = schemas[id]!;
  const text = JSON.stringify({ paths: document.paths, kept }).replace(
    /"#\/components\/schemas\/([^"]+)"/g,
    (_, id: string) => JSON.stringify(REF + (renamed.get(id) ?? id)),
  );
  const parsed = JSON.parse(text) as { paths: Document['paths']; kept: typeof kept };
  document.paths = parsed.paths;
  document.components = { ...document.components, schemas: parsed.kept };
}

/**
 * An example on every request body and answer that has none: an error answer's for its status,
 * else drawn from its schema, with each named component's own example
 * (lib/openapi-components/) where it refers to one.
 */
function addExamples(document: Document) {
  for (const operation of operationsOf(document)) {
    for (const [status, response] of Object.entries(operation.responses)) {
      const media = response.content?.['application/json'];
      const example = ERROR_EXAMPLES[Number(status)];
      if (media && example && media.schema?.$ref === `${REF}Error`) media.example = example;
    }
    for (const media of mediaOf(operation)) {
      if (media.example !== undefined || media.examples || !media.schema) continue;
      media.example = sample(media.schema, { skipReadOnly: false }, document);
    }
  }
}

/**
 * OpenAPI 3.0 spells "or null" as `nullable: true` beside a `type`, and an enum that may be null
 * lists null among its values. zod's converter writes `nullable` beside a bare `allOf: [$ref]` (a
 * nullable component) and leaves null out of a nullable enum: both made every example of those
 * schemas fail validation in client generators and linters.
 */
function spellNullables(node: unknown) {
  if (Array.isArray(node)) return node.forEach(spellNullables);
  if (!node || typeof node !== 'object') return;
  const schema = node as Schema & { nullable?: boolean; type?: string; enum?: unknown[]; allOf?: unknown[] };
  // A BI id is a GUID: said as the format too, so readers and generated examples (a uuid) get it.
  if (schema.pattern === BI_ID_PATTERN.source && schema.format === undefined) schema.format = 'uuid';
  if (schema.nullable === true) {
    if (schema.enum && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
    if (schema.type === undefined && schema.allOf) schema.type = 'object';
  }
  for (const value of Object.values(schema)) spellNullables(value);
}

const transformObject: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(input) as unknown as Document;
  keepUsedComponents(document);
  spellNullables(document.components?.schemas);
  spellNullables(document.paths);
  addExamples(document);
  return document as unknown as ReturnType<TransformObject>;
};

/** The OpenAPI document of the API (GET /api/v1.0/openapi.json), built from the routes' schemas. */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    info: {
      title: `${PRODUCT_NAME} API`,
      version: '1.0',
      license: { name: 'Proprietary: for customers and integrators of the vendor' },
    },
    // Relative: the document describes the portal that serves it, wherever it is deployed.
    servers: [{ url: '/', description: 'The portal serving this document' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    // In the order a reader meets them (routes would list them in registration order).
    tags: [
      { name: 'auth', description: 'Signing in and out, tokens, two-factor codes, sign-up, sessions' },
      { name: 'passwords', description: 'Forgot password and reset by mailed link' },
      {
        name: 'single sign-on',
        description:
          'Identity providers (OpenID Connect), signing in with them, and the identities linked to users',
      },
      {
        name: 'linked apps',
        description: 'Live Dispatch and Tattle Systems accounts linked to a portal user',
      },
      { name: 'users', description: 'Users administration, profiles and meta keys' },
      { name: 'roles', description: 'The roles an admin may give a user' },
      { name: 'files', description: 'Logos, and the public URLs of stored images' },
      { name: 'NS BI', description: 'BI accounts, projects, dashboards and reports, log-on tokens' },
      { name: 'report folders', description: 'Portal folders for BI items' },
      { name: 'report access', description: 'Which items of their project a user sees (admin)' },
      { name: 'usage', description: 'NS BI clicks counted, and the usage charts (admin)' },
      { name: 'resources', description: 'Developer Resources: framed pages and the specs sheet' },
      { name: 'system-settings', description: 'Portal-wide switches such as maintenance mode (admin)' },
      { name: 'audit-log', description: 'Who did what to whom, when and from where (admin); CSV export' },
      { name: 'realtime', description: 'Server-Sent Events: sign-in notices' },
      { name: 'mail', description: 'The development outboxes of mail and texts (admin, not in production)' },
    ],
  },
  transform,
  transformObject,
};
