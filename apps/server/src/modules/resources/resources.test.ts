import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_IDS } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn } from '../../test/builders';
import { api } from '../../test/http';
import Fastify from 'fastify';
import { frameSources } from '../../app';
import { loadConfig } from '../../config';
import { securityHeaders } from '../../plugins/security-headers';

describe('developer resources, analysis and designers', () => {
  const t = useTestApp();

  it('says where the frames load from (the simulators by default)', async () => {
    const tokens = await signIn(t, await createUser(t, { roleId: ROLE_IDS.admin }));
    const res = await api(t).get('resource-links', { headers: tokens.headers });
    const bi = t.simulators!.biUrl;
    expect(res.json().data).toEqual({
      analysis: `${bi}/analysis`,
      apiSummary: `${new URL(t.simulators!.tsUrl).origin}/docs`,
      biDesigner: `${bi}/`,
      biDemoDesigner: `${bi}/?demo=1`,
      gen3Gen4Specs: '/docs/gen3-gen4-specs.pdf',
      apiDocs: '/api/v1.0/docs',
    });
    expect((await api(t).get('resource-links')).statusCode).toBe(401);
  });

  it('gives each role the links of the screens it has, nothing more', async () => {
    const linksOf = async (roleId: number) =>
      (
        await api(t).get('resource-links', {
          headers: (await signIn(t, await createUser(t, { roleId }))).headers,
        })
      ).json().data;
    const bi = t.simulators!.biUrl;
    expect(await linksOf(ROLE_IDS.customer)).toEqual({ analysis: `${bi}/analysis` });
    expect(await linksOf(ROLE_IDS.developer)).toEqual({
      analysis: `${bi}/analysis`,
      apiSummary: `${new URL(t.simulators!.tsUrl).origin}/docs`,
      gen3Gen4Specs: '/docs/gen3-gen4-specs.pdf',
      apiDocs: '/api/v1.0/docs',
    });
  });

  it('serves the Gen 3/Gen4 Specs as a real PDF that our pages may frame', async () => {
    const res = await t.app.inject({ url: '/docs/gen3-gen4-specs.pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain('(Gen 3 / Gen 4 Specs) Tj');
    // The cross-reference table points at each object: a viewer can read it.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/(\d{10}) 00000 n /g)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(7);
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + 8)).toBe(`${i + 1} 0 obj\n`));
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('the simulators serve the designer, the analysis page and the TS API summary', async () => {
    const designer = await (await fetch(`${t.simulators!.biUrl}/?demo=1`)).text();
    expect(designer).toContain('<title>BI Demo Designer</title>');
    expect(designer).toContain('Fleet Overview');
    const analysis = await (await fetch(`${t.simulators!.biUrl}/analysis`)).text();
    expect(analysis.match(/<svg/g)!.length).toBeGreaterThanOrEqual(6);
    const docs = await (await fetch(`${t.simulators!.tsUrl}/docs`)).text();
    expect(docs).toContain('<title>Tattle Systems API</title>');
  });
});

describe('frames off the configured host', () => {
  let mounted: TestApp;
  beforeAll(async () => {
    // APP_URL names localhost, but the browser may use 127.0.0.1 or the machine's address.
    mounted = await createTestApp({ LD_URL: '', TS_URL: '', BI_URL: '', APP_URL: 'http://localhost:3000' });
  });
  afterAll(() => mounted.close());

  it('addresses the mounted simulators by path, so frames load from the page’s own origin', async () => {
    const tokens = await signIn(mounted, await createUser(mounted, { roleId: ROLE_IDS.admin }));
    const res = await api(mounted).get('resource-links', { headers: tokens.headers });
    expect(res.json().data).toEqual({
      analysis: '/sim/bi/analysis',
      apiSummary: '/sim/ts/docs',
      biDesigner: '/sim/bi/',
      biDemoDesigner: '/sim/bi/?demo=1',
      gen3Gen4Specs: '/docs/gen3-gen4-specs.pdf',
      apiDocs: '/api/v1.0/docs',
    });
    const csp = String((await mounted.app.inject({ url: '/healthz' })).headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self';");
    expect(csp).not.toContain('localhost');
  });

  it('lets pages frame each configured BI, API summary and analysis origin', async () => {
    const config = loadConfig({
      BI_URL: 'https://bi-api.example.com',
      BI_SERVICE_PASSWORD: 'x',
      BI_PUBLIC_URL: 'https://bi.example.com/bi',
      TS_API_DOCS_URL: 'https://docs.ts.example.com/api',
      ANALYSIS_URL: 'https://analysis.example.com/board',
    });
    expect(frameSources(config)).toEqual([
      'https://bi.example.com',
      'https://docs.ts.example.com',
      'https://analysis.example.com',
    ]);
    const headers = await securityHeaders(frameSources(config));
    const app = Fastify();
    app.addHook('onRequest', async (request, reply) => headers(request, reply));
    app.get('/', async () => 'page');
    const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
    await app.close();
    expect(csp).toContain(
      "frame-src 'self' https://bi.example.com https://docs.ts.example.com https://analysis.example.com",
    );
  });
});

describe('the sidebar links in production', () => {
  it('come from the configuration at run time: the configured BI designer, no API Docs while the docs UI is off', async () => {
    const production = {
      APP_ENV: 'production',
      APP_KEY: 'c'.repeat(64),
      ADMIN_EMAIL: 'admin@example.test',
      ADMIN_PASSWORD: 'admin-pass',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      BI_PUBLIC_URL: 'https://bi.example.com/bi',
    };
    const prod = await createTestApp(production);
    const prodDocs = await createTestApp({ ...production, API_DOCS: 'on' });
    try {
      const linksOf = async (app: TestApp) =>
        (
          await api(app).get('resource-links', {
            headers: (await signIn(app, await createUser(app, { roleId: ROLE_IDS.admin }))).headers,
          })
        ).json().data;
      expect(await linksOf(prod)).toMatchObject({ biDesigner: 'https://bi.example.com/bi/', apiDocs: null });
      expect(await linksOf(prodDocs)).toMatchObject({ apiDocs: '/api/v1.0/docs' });
      expect((await prodDocs.app.inject({ url: '/api/v1.0/docs/' })).statusCode).toBe(200);
    } finally {
      await Promise.all([prod.close(), prodDocs.close()]);
    }
  }, 90_000);
});
