// 5,000 concurrent Server-Sent-Events subscribers: memory per connection on the server
// and the time from a sign-in to delivery at the 99th percentile (target ≤ 250 ms), on one
// instance and across two instances on one PostgreSQL database. Needs `npm run build`.
//   npx tsx bench/sse.ts     (BENCH_SUBSCRIBERS, BENCH_SIGNINS override)
import { request, type IncomingMessage } from 'node:http';
import {
  ADMIN,
  API,
  printTable,
  requireBuild,
  rssMB,
  scratchPostgres,
  serverEnv,
  serverMain,
  signIn,
  sleep,
  startChild,
  type Child,
} from './lib';

const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 5000);
const signIns = Number(process.env.BENCH_SIGNINS ?? 10);

async function post(url: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${url}${API}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as { data: Record<string, unknown> };
}

type Subscriber = { res: IncomingMessage; seen: Map<string, number> };

/** Opens one stream; records when each event (by its `at`) arrived. */
function subscribe(url: string, ticket: string): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    request(`${url}${API}/realtime?ticket=${ticket}`, { agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`realtime answered ${res.statusCode}`));
      const seen = new Map<string, number>();
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = performance.timeOrigin + performance.now();
        for (const match of chunk.matchAll(/"at":"([^"]+)"/g)) seen.set(match[1]!, now);
      });
      resolve({ res, seen });
    })
      .on('error', reject)
      .end();
  });
}

async function run(label: string, publisher: Child, host: Child) {
  const token = await signIn(publisher.url);
  const userId = (
    (await post(publisher.url, 'auth/login', { username: ADMIN.email, password: ADMIN.password })).data
      .user as { id: number }
  ).id;
  const before = rssMB(host.pid);
  const subs: Subscriber[] = [];
  for (let i = 0; i < subscribers; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, subscribers - i) }, async () => {
        const { data } = await post(
          publisher.url,
          'broadcasting/auth',
          { channel_name: `login-notification.${userId}` },
          token,
        );
        return subscribe(host.url, data.ticket as string);
      }),
    );
    subs.push(...batch);
  }
  await sleep(2000);
  const after = rssMB(host.pid);

  const fromPublish: number[] = [];
  const fromRequest: number[] = [];
  for (let i = 0; i < signIns; i += 1) {
    const requested = performance.timeOrigin + performance.now();
    const { data } = await post(publisher.url, 'auth/login', {
      username: ADMIN.email,
      password: ADMIN.password,
    });
    void data;
    await sleep(1000);
    const ats = new Set(subs.flatMap((s) => [...s.seen.keys()]));
    const at = [...ats].sort().at(-1)!;
    for (const s of subs) {
      const arrived = s.seen.get(at);
      if (arrived === undefined) continue;
      fromPublish.push(arrived - Date.parse(at));
      fromRequest.push(arrived - requested);
    }
  }
  const delivered = fromPublish.length / signIns;
  for (const s of subs) s.res.destroy();
  const p = (xs: number[], q: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
  return {
    setup: label,
    subscribers,
    'delivered/sign-in': delivered.toFixed(0),
    'RSS before MB': before.toFixed(0),
    'RSS after MB': after.toFixed(0),
    'KB/conn': (((after - before) * 1024) / subscribers).toFixed(1),
    'p50 publish→delivery ms': p(fromPublish, 0.5).toFixed(0),
    'p99 publish→delivery ms': p(fromPublish, 0.99).toFixed(0),
    'p99 request→delivery ms': p(fromRequest, 0.99).toFixed(0),
  };
}

async function main() {
  requireBuild();
  const rows = [];
  {
    const db = await scratchPostgres('sse1');
    const a = await startChild('one', serverMain, serverEnv(db));
    try {
      rows.push(await run('one instance (PostgreSQL)', a, a));
    } finally {
      await a.stop();
      await db.dispose();
    }
  }
  {
    const db = await scratchPostgres('sse2');
    const env = serverEnv(db);
    const a = await startChild('A', serverMain, env);
    const b = await startChild('B', serverMain, env);
    try {
      rows.push(await run('sign-in on A, subscribers on B', a, b));
    } finally {
      await b.stop();
      await a.stop();
      await db.dispose();
    }
  }
  printTable(rows);
  console.log(
    `\n${signIns} sign-ins each; "publish" is the event's own "at" (same machine clock); target p99 ≤ 250 ms`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
