import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'zod';
import { createTestApp, type TestApp } from '../test/app';
import { documentedComponents } from './openapi-components';

let doc: unknown;

/**
 * Walks a parsed JSON document; undefined as soon as a key is missing. A `$ref` to a component is
 * followed on the way (unless `$ref` itself is the next key), so a walk reads a schema wherever it is.
 */
const at = (node: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((current, key) => {
    let here = current as Record<string, unknown> | undefined;
    const ref = here?.$ref;
    if (key !== '$ref' && typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
      here = (doc as { components: { schemas: Record<string, Record<string, unknown>> } }).components.schemas[
        ref.split('/').pop()!
      ];
    }
    return here?.[key];
  }, node);

type Media = { schema?: { $ref?: string; type?: string; format?: string }; example?: unknown };
type Operation = {
  operationId?: string;
  tags: string[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description: string; content?: Record<string, Media> }>;
};

describe('the OpenAPI document', () => {
  let t: TestApp;
  let webDist: string;
  /** Every operation, as [method path, operation]. */
  let operations: Array<[string, Operation]>;
  beforeAll(async () => {
    // A built web app, so the static routes (/assets/*, the SPA fallback) exist and can be left out.
    webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Portal</title>');
    t = await createTestApp({ WEB_DIST: webDist });
    doc = (await t.app.inject({ url: '/api/v1.0/openapi.json' })).json();
    const paths = at(doc, 'paths') as Record<string, Record<string, Operation>>;
    operations = Object.entries(paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]): [string, Operation] => [`${method} ${url}`, op]),
    );
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('documents the sign-in body, its answers and the error envelope', () => {
    const login = at(doc, 'paths', '/api/v1.0/auth/login', 'post');
    expect(at(login, 'tags')).toEqual(['auth']);
    expect(at(login, 'requestBody', 'content', 'application/json', 'schema', 'required')).toEqual([
      'username',
      'password',
    ]);
    expect(Object.keys(at(login, 'responses') as object)).toEqual(
      expect.arrayContaining(['200', '401', '422', '429']),
    );
    const session = at(
      login,
      'responses',
      '200',
      'content',
      'application/json',
      'schema',
      'properties',
      'data',
    );
    expect(at(session, 'required')).toEqual(
      expect.arrayContaining(['user', 'access_token', 'refresh_token', 'token_type', 'expires_in']),
    );
    expect(
      at(login, 'responses', '422', 'content', 'application/json', 'schema', 'properties'),
    ).toHaveProperty('errors');
  });

  it('marks guarded routes with the bearer scheme and their 401/403', () => {
    for (const [path, method] of [
      ['/api/v1.0/auth/me', 'get'],
      ['/api/v1.0/auth/logout', 'post'],
      ['/api/v1.0/roles', 'get'],
      ['/api/v1.0/roles/available', 'get'],
      ['/api/v1.0/system-settings', 'get'],
      ['/api/v1.0/system-settings/save-many', 'post'],
      ['/api/v1.0/users', 'get'],
      ['/api/v1.0/users', 'post'],
      ['/api/v1.0/users/{id}', 'get'],
      ['/api/v1.0/users/{id}', 'put'],
      ['/api/v1.0/users/{id}', 'delete'],
      ['/api/v1.0/users/{id}/restore', 'post'],
      ['/api/v1.0/users/{id}/restore', 'patch'],
      ['/api/v1.0/users/bulk', 'post'],
      ['/api/v1.0/users/bulk/{id}', 'get'],
      ['/api/v1.0/meta/user', 'post'],
      ['/api/v1.0/files/logo', 'post'],
      ['/api/v1.0/files/{id}', 'delete'],
      ['/api/v1.0/auth/passkeys', 'get'],
      ['/api/v1.0/auth/passkeys', 'post'],
      ['/api/v1.0/auth/passkeys/registration-options', 'post'],
      ['/api/v1.0/auth/passkeys/{id}', 'patch'],
      ['/api/v1.0/auth/passkeys/{id}', 'delete'],
    ] as const) {
      const op = at(doc, 'paths', path, method);
      expect(at(op, 'security'), path).toEqual([{ bearer: [] }]);
      expect(at(op, 'responses'), path).toHaveProperty('401');
      expect(at(op, 'tags'), path).toHaveLength(1);
    }
    for (const [path, method] of [
      ['/api/v1.0/users', 'get'],
      ['/api/v1.0/users/{id}', 'delete'],
    ] as const) {
      expect(at(doc, 'paths', path, method, 'responses'), path).toHaveProperty('403');
    }
    // Logo URLs are capabilities fetched by <img>: no bearer scheme on them, said as public.
    expect(at(doc, 'paths', '/api/v1.0/files/public/{key}', 'get', 'security')).toEqual([]);
    expect(at(doc, 'paths', '/api/v1.0/auth/login', 'post', 'security')).toEqual([]);
    expect(at(doc, 'paths', '/api/v1.0/auth/passkeys/sign-in-options', 'post', 'security')).toEqual([]);
    expect(at(doc, 'paths', '/api/v1.0/auth/passkeys/sign-in', 'post', 'security')).toEqual([]);
    const save = at(doc, 'paths', '/api/v1.0/system-settings/save-many', 'post');
    expect(at(save, 'responses')).toHaveProperty('403');
    const item = at(save, 'requestBody', 'content', 'application/json', 'schema', 'items');
    expect(at(item, 'properties', 'key', 'enum')).toEqual(['maintenance_mode']);
  });

  it('documents the API only: no static files, simulators, health checks or documents', () => {
    expect(t.app.hasRoute({ method: 'GET', url: '/assets/*' })).toBe(true); // served, not documented
    expect(operations.length).toBeGreaterThan(50);
    for (const [name] of operations) expect(name).toMatch(/^[a-z]+ \/api\/v1\.0\//);
  });

  it('lists every tag an operation uses, in reading order', () => {
    const listed = (at(doc, 'tags') as Array<{ name: string }>).map((tag) => tag.name);
    expect(listed[0]).toBe('auth');
    for (const [name, op] of operations) expect(listed, name).toContain(op.tags[0]);
  });

  it('gives every operation its own operationId', () => {
    const ids = operations.map(([name, op]) => {
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z]+$/);
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(at(doc, 'paths', '/api/v1.0/auth/login', 'post', 'operationId')).toBe('signIn');
  });

  it('names the contract’s schemas as components and refers to them', () => {
    const schemas = at(doc, 'components', 'schemas') as Record<string, { example?: unknown }>;
    for (const id of [
      'User',
      'Session',
      'Role',
      'File',
      'Error',
      'ReportItem',
      'ReportTreeNode',
      'LoginRequest',
      'UserCreate',
    ]) {
      expect(schemas, id).toHaveProperty(id);
      expect(schemas[id]!.example, id).toBeDefined();
    }
    const me = at(
      doc,
      'paths',
      '/api/v1.0/auth/me',
      'get',
      'responses',
      '200',
      'content',
      'application/json',
    );
    expect(at(me, 'schema', 'properties', 'data', '$ref')).toBe('#/components/schemas/User');
    const login = at(
      doc,
      'paths',
      '/api/v1.0/auth/login',
      'post',
      'requestBody',
      'content',
      'application/json',
    );
    expect(at(login, 'schema', '$ref')).toBe('#/components/schemas/LoginRequest');
    // Every $ref points at a component that is there.
    const refs = JSON.stringify(doc).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) expect(schemas, ref).toHaveProperty(JSON.parse(ref).split('/').pop());
    // Every error answer is the Error component, described by its status.
    for (const [name, op] of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content?.['application/json']?.schema?.$ref, `${name} ${status}`).toBe(
          '#/components/schemas/Error',
        );
        expect(response.description, `${name} ${status}`).not.toBe('Default Response');
      }
    }
  });

  it('shows an example for every request body and every answer with a body', () => {
    let media = 0;
    for (const [name, op] of operations) {
      const bodies = [
        ...Object.entries(op.requestBody?.content ?? {}).map(([type, m]) => [`request ${type}`, m] as const),
        ...Object.entries(op.responses).flatMap(([status, r]) =>
          Object.entries(r.content ?? {}).map(([type, m]) => [`${status} ${type}`, m] as const),
        ),
      ];
      for (const [what, m] of bodies) {
        media += 1;
        expect(m.example, `${name} ${what}`).toBeDefined();
      }
    }
    expect(media).toBeGreaterThan(200);
  });

  it('keeps every component example true to its schema', () => {
    for (const [schema, id, example] of documentedComponents)
      expect(() => parse(schema, example), id).not.toThrow();
  });

  it('describes the multipart logo upload, the image answers and the event stream', () => {
    const upload = at(
      doc,
      'paths',
      '/api/v1.0/files/logo',
      'post',
      'requestBody',
      'content',
      'multipart/form-data',
    );
    expect(at(upload, 'schema', 'required')).toEqual(['user_id', 'type', 'file']);
    expect(at(upload, 'schema', 'properties', 'file')).toMatchObject({ type: 'string', format: 'binary' });
    for (const url of ['/api/v1.0/files/public/{key}', '/api/v1.0/files/public/{key}/thumbnail']) {
      const image = at(doc, 'paths', url, 'get', 'responses', '200', 'content') as Record<string, Media>;
      expect(Object.keys(image)).toEqual(['image/png', 'image/jpeg']);
      expect(image['image/png']!.schema).toMatchObject({ type: 'string', format: 'binary' });
      expect(at(doc, 'paths', url, 'get', 'responses')).toHaveProperty('304');
    }
    const stream = at(doc, 'paths', '/api/v1.0/realtime', 'get', 'responses', '200', 'content') as Record<
      string,
      Media
    >;
    expect(Object.keys(stream)).toEqual(['text/event-stream']);
    expect(stream['text/event-stream']!.example).toContain('event: LoginNotificationEvent');
  });
});
