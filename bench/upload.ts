// Upload path under load: while 1 and then 4 maximum-size PNG logos (10,240,000 bytes of noise, the
// worst case for decoding and re-encoding) are uploaded at once, how much the server's resident
// memory grows (peak VmRSS − VmRSS before) and the longest a /healthz request sent meanwhile waits.
// Targets: growth ≤ 150 MB, longest /healthz wait ≤ 100 ms.
// Needs `npm run build`. Run: npx tsx bench/upload.ts   (BENCH_DB=pglite|postgres|both, default both)
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { LOGO_MAX_BYTES } from '@portal/contract';
import {
  API,
  type Scratch,
  printTable,
  requireBuild,
  rssMB,
  scratchPglite,
  scratchPostgres,
  serverEnv,
  serverMain,
  signIn,
  sleep,
  startChild,
} from './lib';

const TARGET_GROWTH_MB = 150;
const TARGET_WAIT_MS = 100;

/**
 * A valid PNG of exactly LOGO_MAX_BYTES: random RGB noise (incompressible, so ~1,845 × 1,845
 * pixels) padded to the byte with a private ancillary chunk before IEND.
 */
async function maxSizePng(): Promise<Buffer> {
  const side = Math.floor(Math.sqrt((LOGO_MAX_BYTES - 200_000) / 3));
  const png = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  const iend = png.length - 12;
  const padding = LOGO_MAX_BYTES - png.length - 12; // chunk: length, type, data, crc
  if (padding < 0) throw new Error(`noise PNG too large: ${png.length}`);
  const typeAndData = Buffer.concat([Buffer.from('prVt'), Buffer.alloc(padding)]);
  const chunk = Buffer.alloc(12 + padding);
  chunk.writeUInt32BE(padding, 0);
  typeAndData.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndData), 8 + padding);
  const out = Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
  if (out.length !== LOGO_MAX_BYTES) throw new Error(`built ${out.length} bytes`);
  return out;
}

async function uploadLogo(baseUrl: string, token: string, userId: number, png: Buffer) {
  const form = new FormData();
  form.set('user_id', String(userId));
  form.set('type', 'logo');
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'max.png');
  const res = await fetch(`${baseUrl}${API}/files/logo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
}

/** `n` customers made by the admin, signed in: each uploads their own logo. */
async function customers(baseUrl: string, adminToken: string, n: number): Promise<Uploader[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const email = `uploader-${i}-${Date.now()}@example.test`;
      const password = 'bench-upload-1';
      const created = await fetch(`${baseUrl}${API}/users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Uploader ${i}`,
          email,
          password,
          password_confirmation: password,
          role_id: 3,
        }),
      });
      const user = (await created.json()) as { data: { id: number } };
      if (created.status !== 201) throw new Error(`create user: ${created.status}`);
      const login = await fetch(`${baseUrl}${API}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: email, password }),
      });
      const session = (await login.json()) as { data: { access_token: string } };
      return { token: session.data.access_token, userId: user.data.id };
    }),
  );
}

/**
 * The uploads run in a worker thread: building and sending 10 MB bodies keeps a thread busy, and
 * that must not count as the server's delay in the /healthz probe of the main thread.
 */
const UPLOADER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, uploaders, png } = workerData;
const one = async ({ token, userId }) => {
  const form = new FormData();
  form.set('user_id', String(userId));
  form.set('type', 'logo');
  form.set('file', new Blob([png], { type: 'image/png' }), 'max.png');
  const res = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ' + token }, body: form });
  if (res.status !== 201) throw new Error('upload: ' + res.status + ' ' + (await res.text()));
};
Promise.all(uploaders.map(one)).then(() => parentPort.postMessage('done'));
`;

/** Who uploads: one user per concurrent upload (a user has one upload in progress at a time). */
type Uploader = { token: string; userId: number };

function uploadInWorker(baseUrl: string, uploaders: Uploader[], png: Buffer) {
  return new Promise<void>((resolve, reject) => {
    const worker = new Worker(UPLOADER, {
      eval: true,
      workerData: { url: `${baseUrl}${API}/files/logo`, uploaders, png },
    });
    worker.once('message', () => void worker.terminate().then(() => resolve()));
    worker.once('error', reject);
  });
}

async function measure(baseUrl: string, pid: number, uploaders: Uploader[], png: Buffer) {
  await sleep(1000);
  const before = rssMB(pid);
  let peak = before;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, rssMB(pid));
      await sleep(10);
    }
  })();
  const waits: number[] = [];
  const prober = (async () => {
    while (!done) {
      const start = performance.now();
      await fetch(`${baseUrl}/healthz`);
      waits.push(performance.now() - start);
      await sleep(5);
    }
  })();
  const start = performance.now();
  await uploadInWorker(baseUrl, uploaders, png);
  const elapsed = performance.now() - start;
  done = true;
  await Promise.all([sampler, prober]);
  return {
    uploads: String(uploaders.length),
    'total s': (elapsed / 1000).toFixed(2),
    'RSS before MB': before.toFixed(0),
    'growth MB': (peak - before).toFixed(0),
    'longest /healthz ms': Math.max(...waits).toFixed(0),
    '/healthz probes': String(waits.length),
  };
}

async function run(label: string, database: Scratch, png: Buffer) {
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server during the run.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = await startChild(`server on ${label}`, serverMain, serverEnv(database), { nodeArgs });
  try {
    const token = await signIn(server.url);
    const me = (await (
      await fetch(`${server.url}${API}/auth/me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { id: number } };
    // One small warm-up upload: the first one loads sharp's libraries, which is not the upload's cost.
    await uploadLogo(
      server.url,
      token,
      me.data.id,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    const uploaders = [{ token, userId: me.data.id }, ...(await customers(server.url, token, 3))];
    const rows = [];
    for (const n of [1, 4])
      rows.push({ database: label, ...(await measure(server.url, server.pid, uploaders.slice(0, n), png)) });
    return rows;
  } finally {
    await server.stop();
  }
}

async function main() {
  requireBuild();
  const png = await maxSizePng();
  const meta = await sharp(png).metadata();
  console.log(`upload: a ${png.length}-byte PNG of ${meta.width} × ${meta.height} noise pixels`);
  const which = process.env.BENCH_DB ?? 'both';
  const rows: Record<string, string>[] = [];
  if (which !== 'postgres') {
    const pglite = await scratchPglite();
    try {
      rows.push(...(await run('PGlite', pglite, png)));
    } finally {
      await pglite.dispose();
    }
  }
  if (which !== 'pglite') {
    const postgres = await scratchPostgres('upload');
    try {
      rows.push(...(await run('PostgreSQL', postgres, png)));
    } finally {
      await postgres.dispose();
    }
  }
  console.log();
  printTable(rows.map((r) => ({ ...r, target: `≤ ${TARGET_GROWTH_MB} MB, ≤ ${TARGET_WAIT_MS} ms` })));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
