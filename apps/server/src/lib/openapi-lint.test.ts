import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { useTestApp } from '../test/use-test-app';

/**
 * Redocly's `recommended` rules, as an integrator's linter or client generator meets the served
 * document. Two rules are off, for reasons of the product rather than of the document:
 * - `no-ambiguous-paths`: `bi/reports/folders/{id}` and `bi/reports/{id}/set-folder` are the paths
 *   docs/api.md fixes; a report id is a GUID, never the word `folders`, and the router matches the
 *   static segment first.
 * - `info-license-strict`: the API is the vendor's, under its customer agreement; there is no public
 *   licence page to link, so the licence is named without a URL.
 */
const RULES = { 'no-ambiguous-paths': 'off', 'info-license-strict': 'off' } as const;

describe('the OpenAPI document under Redocly’s recommended rules', () => {
  const t = useTestApp();
  let text: string;
  beforeAll(async () => {
    text = (await t.app.inject({ url: '/api/v1.0/openapi.json' })).body;
  });

  it('has no errors and no warnings', async () => {
    const config = await createConfig({ extends: ['recommended'], rules: RULES });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    const found = problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`,
    );
    expect(found).toEqual([]);
  });
});

describe('docs/api.md and the OpenAPI document', () => {
  const t = useTestApp();
  let paths: Record<string, Record<string, unknown>>;
  beforeAll(async () => {
    paths = (await t.app.inject({ url: '/api/v1.0/openapi.json' })).json().paths;
  });

  it('name the same operations: every API call docs/api.md lists is in the document', () => {
    const text = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/api.md'), 'utf8');
    // `GET users/{id}`-style mentions of the API (not /healthz, /metrics, the simulators, {public_url}).
    const mentioned = [...text.matchAll(/`(GET|POST|PUT|PATCH|DELETE) ([a-z][a-z0-9/{}_.-]*)/g)].map(
      ([, method, route]) => [method!.toLowerCase(), `/api/v1.0/${route!.replace(/\{[^}]*$/, '')}`] as const,
    );
    expect(mentioned.length).toBeGreaterThan(50);
    // A documented template (`auth/unlink-{app}`) covers the calls it stands for (`auth/unlink-ld`).
    const documented = Object.entries(paths).map(([route, methods]) => ({
      pattern: new RegExp(`^${route.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      methods,
    }));
    const missing = mentioned
      .filter(([, route]) => !route.endsWith('/'))
      .filter(([method, route]) => !documented.some((d) => d.pattern.test(route) && d.methods[method]))
      .map(([method, route]) => `${method} ${route}`);
    // broadcasting/auth is the realtime ticket's path as docs/api.md names its Laravel origin.
    expect(missing.filter((m) => !m.includes('broadcasting/auth'))).toEqual([]);
  });
});
