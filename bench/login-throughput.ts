// Sign-ins per second against raw Argon2id verifications per second with the same parameters,
// measured in one run on this machine (issue 4: target ratio ≥ 0.8). Needs `npm run build`.
//   npx tsx bench/login-throughput.ts      (BENCH_SECONDS, BENCH_CONCURRENCY override)
import { hash, verify } from '@node-rs/argon2';
import {
  ADMIN,
  API,
  printTable,
  requireBuild,
  scratchPostgres,
  serverEnv,
  serverMain,
  startChild,
} from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// Enough in flight to keep libuv's 4 Argon2 threads busy on either side.
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
// lib/passwords.ts: OWASP Argon2id m=19 MiB, t=2, p=1.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

async function measure(label: string, once: () => Promise<void>) {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < deadline) {
        await once();
        done += 1;
      }
    }),
  );
  const perSecond = done / ((performance.now() - started) / 1000);
  return { label, operations: done, perSecond };
}

async function main() {
  requireBuild();
  const db = await scratchPostgres('login');
  const server = await startChild('server', serverMain, serverEnv(db));
  try {
    const body = JSON.stringify({ username: ADMIN.email, password: ADMIN.password });
    const signIn = async () => {
      const res = await fetch(`${server.url}${API}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
      await res.arrayBuffer();
    };
    const stored = await hash(ADMIN.password, OPTIONS);
    const rawVerify = async () => {
      if (!(await verify(stored, ADMIN.password))) throw new Error('verify failed');
    };
    await measure('warm-up', signIn);
    const logins = await measure('POST auth/login (server, PostgreSQL)', signIn);
    const raw = await measure('Argon2id verify (raw, same parameters)', rawVerify);
    printTable(
      [logins, raw].map((r) => ({ what: r.label, ops: r.operations, 'per second': r.perSecond.toFixed(1) })),
    );
    console.log(
      `\nratio sign-ins / raw hashes: ${(logins.perSecond / raw.perSecond).toFixed(2)} (target ≥ 0.8)`,
    );
    console.log(
      `concurrency ${concurrency}, ${seconds} s each, CPUs ${(await import('node:os')).cpus().length}`,
    );
  } finally {
    await server.stop();
    await db.dispose();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
