import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { release } from '../lib/release';
import { createTestApp, type TestApp } from '../test/app';

const BROWSER = 'gzip, deflate, br, zstd';
const INDEX = '<!doctype html><html><head><title>Customer Portal</title></head><body></body></html>';
/** What the server sends for INDEX: the same page, with its APP_ENV and its release for the app. */
const PAGE = INDEX.replace(
  '</head>',
  `<meta name="app-env" content="test"><meta name="app-version" content="${release.version}">` +
    `<meta name="app-commit" content="${release.commit}"></head>`,
);
const SCRIPT = `export const portal = ${JSON.stringify('x'.repeat(4000))};`;

/** A web build as `vite build` leaves it: each text file beside its .br and .gz. */
function writeBuild(dir: string) {
  const write = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body));
  };
  write('index.html', INDEX);
  write('assets/index-abc123.js', SCRIPT);
  write('assets/index-abc123.css', 'body{margin:0}');
}

describe('the web build, precompressed', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    writeBuild(dir);
    t = await createTestApp({ WEB_DIST: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends a hashed script as the brotli file the build wrote, with its own type and a long cache', async () => {
    const res = await get('/assets/index-abc123.js', BROWSER);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gzip = await get('/assets/index-abc123.css', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('body{margin:0}');

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('falls back to index.html, compressed and never cached, for client routes', async () => {
    for (const url of ['/login', '/admin/users?page=2', '/index.html']) {
      const res = await get(url, BROWSER);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
    }
    const plain = await get('/login');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(PAGE);
    const gzip = await get('/', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(PAGE);
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const asset = await get('/assets/index-abc123.js.br', BROWSER);
    expect(asset.statusCode).toBe(404);
    expect(asset.json()).toEqual({ message: 'Not found.' });
    // Outside /assets an unknown path is a client route: the page, not the brotli bytes.
    const page = await get('/index.html.gz');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toBe(PAGE);
  });

  it('answers a missing asset with a JSON 404, not the page', async () => {
    const res = await get('/assets/gone-123.js', BROWSER);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});

describe('the page tells the app the server’s APP_ENV', () => {
  it('says production on a production server, whatever the build was made for', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    writeBuild(dir);
    const t = await createTestApp({
      WEB_DIST: dir,
      APP_ENV: 'production',
      APP_KEY: 'a'.repeat(64),
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'secret1',
      SIMULATORS: 'on',
      SMTP_URL: 'smtp://127.0.0.1:2525', // required in production; nothing is sent here
    });
    try {
      const res = await t.app.inject({ url: '/register' });
      expect(res.body).toContain('<meta name="app-env" content="production">');
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says the browser’s trace sample rate only when the server traces', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    writeBuild(dir);
    const tracing = await createTestApp({
      WEB_DIST: dir,
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
      OTEL_TRACES_SAMPLER_ARG: '0.5',
    });
    const plain = await createTestApp({ WEB_DIST: dir });
    try {
      expect((await tracing.app.inject({ url: '/login' })).body).toContain(
        '<meta name="trace-sample-rate" content="0.5">',
      );
      expect((await plain.app.inject({ url: '/login' })).body).not.toContain('trace-sample-rate');
    } finally {
      await tracing.close();
      await plain.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what a phone downloads: short headers on hashed files, the shell named in a signed-in page (decision 0028)', () => {
  let t: TestApp;
  let dir: string;
  const SHELL = { js: 'assets/Shell123.js', css: 'assets/shell-abc.css' };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    writeBuild(dir);
    writeFileSync(path.join(dir, 'assets/logo-abc.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // Vite's build manifest: the entry, and the shell chunk a signed-in screen needs first.
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(
      path.join(dir, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_Vendor.js'] },
        '_Vendor.js': { file: 'assets/Vendor.js', name: 'vendor' },
        '_Shell123.js': {
          file: SHELL.js,
          name: 'shell',
          imports: ['_Vendor.js', 'index.html'],
          css: [SHELL.css],
        },
      }),
    );
    t = await createTestApp({ WEB_DIST: dir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a hashed script without the document headers and validators, keeping nosniff and CORP', async () => {
    const res = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': BROWSER },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'etag',
      'last-modified',
      'accept-ranges',
    ])
      expect(res.headers[name], name).toBeUndefined();
  });

  it('keeps the document headers on an SVG, which is a document when opened on its own', async () => {
    const res = await t.app.inject({ url: '/assets/logo-abc.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('names the shell chunk and its stylesheet in a signed-in page, and nothing extra in /login', async () => {
    const page = (await t.app.inject({ url: '/admin/users?page=2' })).body;
    expect(page).toContain(`<link rel="modulepreload" crossorigin href="/${SHELL.js}">`);
    expect(page).toContain(`<link rel="preload" as="style" crossorigin href="/${SHELL.css}">`);
    // The entry and what it imports are the build's own business (index.html names them).
    expect(page).toContain('href="/assets/Vendor.js"');
    expect(page).not.toContain('href="/assets/index-abc123.js"');
    const login = (await t.app.inject({ url: '/login?status=401' })).body;
    expect(login).not.toContain('modulepreload');
    expect(login).toBe(PAGE);
  });

  it('does not serve the build manifest', async () => {
    expect((await t.app.inject({ url: '/.vite/manifest.json' })).headers['content-type']).toMatch(
      /^text\/html/,
    );
  });
});
