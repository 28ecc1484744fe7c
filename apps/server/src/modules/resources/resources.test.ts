import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/builders';
import { api } from '../../test/http';

describe('developer resources, analysis and designers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says where the frames load from (the simulators by default)', async () => {
    const tokens = await signIn(t, await createUser(t));
    const res = await api(t).get('resource-links', { headers: tokens.headers });
    const bi = t.simulators!.biUrl;
    expect(res.json().data).toEqual({
      analysis: `${bi}/analysis`,
      apiSummary: `${new URL(t.simulators!.tsUrl).origin}/docs`,
      biDesigner: `${bi}/`,
      biDemoDesigner: `${bi}/?demo=1`,
      gen3Gen4Specs: '/docs/gen3-gen4-specs.pdf',
    });
    expect((await api(t).get('resource-links')).statusCode).toBe(401);
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
