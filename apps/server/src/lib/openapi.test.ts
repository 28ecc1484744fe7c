import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

/** Walks a parsed JSON document; undefined as soon as a key is missing. */
const at = (doc: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: unknown;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ url: '/api/v1.0/openapi.json' })).json();
  });
  afterAll(() => t.close());

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
      ['/api/v1.0/meta/user', 'post'],
      ['/api/v1.0/files/logo', 'post'],
      ['/api/v1.0/files/{id}', 'delete'],
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
    // Logo URLs are capabilities fetched by <img>: no bearer scheme on them.
    expect(at(doc, 'paths', '/api/v1.0/files/public/{key}', 'get', 'security')).toBeUndefined();
    const save = at(doc, 'paths', '/api/v1.0/system-settings/save-many', 'post');
    expect(at(save, 'responses')).toHaveProperty('403');
    const item = at(save, 'requestBody', 'content', 'application/json', 'schema', 'items');
    expect(at(item, 'properties', 'key', 'enum')).toEqual(['maintenance_mode']);
  });
});
