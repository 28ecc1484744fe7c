import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createAdmin } from '../test/builders';

/**
 * An integrator's path: types generated from the served document with openapi-typescript, a client
 * from openapi-fetch, type-checked in strict mode, then run against a listening portal. The files
 * live under the root node_modules/.cache so `openapi-fetch` resolves as it would in their project.
 */
const WORK = path.resolve(import.meta.dirname, '../../../../node_modules/.cache/openapi-client-test');

const CLIENT = `
import createClient from 'openapi-fetch';
import type { paths } from './schema';

export async function integrate(baseUrl: string, username: string, password: string) {
  const client = createClient<paths>({ baseUrl });
  const login = await client.POST('/api/v1.0/auth/login', { body: { username, password } });
  const session = login.data?.data;
  if (!session || !('access_token' in session)) throw new Error('no session: ' + login.response.status);
  const headers = { authorization: 'Bearer ' + session.access_token };
  const users = await client.GET('/api/v1.0/users', {
    params: { query: { page: 1, paginate: 10, sortColumn: 'id', sortDirection: 'asc' } },
    headers,
  });
  const audit = await client.GET('/api/v1.0/audit-log', { params: { query: { page: 1 } }, headers });
  const emails: string[] = (users.data?.data ?? []).map((user) => user.email);
  const actions: string[] = (audit.data?.data ?? []).map((entry) => entry.action);
  return { me: session.user.email, total: users.data?.meta.total ?? -1, emails, actions };
}
`;

describe('a typed client generated from the OpenAPI document', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    rmSync(WORK, { recursive: true, force: true });
    mkdirSync(WORK, { recursive: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(WORK, { recursive: true, force: true });
  });

  it('type-checks and signs in, lists users and reads the audit log', async () => {
    const document = (await t.app.inject({ url: '/api/v1.0/openapi.json' })).json();
    writeFileSync(path.join(WORK, 'schema.d.ts'), astToString(await openapiTS(document)));
    writeFileSync(path.join(WORK, 'client.ts'), CLIENT);

    const program = ts.createProgram([path.join(WORK, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
    });
    const errors = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(errors).toEqual([]);

    const js = ts.transpileModule(CLIENT, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(path.join(WORK, 'client.mjs'), js);
    const { integrate } = (await import(pathToFileURL(path.join(WORK, 'client.mjs')).href)) as {
      integrate: (
        baseUrl: string,
        username: string,
        password: string,
      ) => Promise<{ me: string; total: number; emails: string[]; actions: string[] }>;
    };
    const admin = await createAdmin(t);
    const result = await integrate(baseUrl, admin.email, admin.password);
    expect(result.me).toBe(admin.email);
    expect(result.total).toBeGreaterThanOrEqual(1);
    expect(result.emails).toContain(admin.email);
    expect(result.actions).toContain('auth.login.succeeded');
  });
});
