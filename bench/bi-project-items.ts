// GET dundas-bi/project/project-items for a customer whose BI project holds 2,000 items in 100 folders.
// The BI simulator runs in this process (so its requests can be counted); the built portal runs as a
// child process on PostgreSQL with BI_URL pointing at it. Prints: cold walks (first call, then
// refresh=1 walks) with the number of BI calls each made; warm calls one at a time (p50/p95/max);
// warm calls under load (autocannon, BENCH_CONNECTIONS, BENCH_DURATION s) p95.
// Needs `npm run build`. Run: npx tsx bench/bi-project-items.ts
//   BENCH_FOLDERS=100 BENCH_ITEMS=2000 BENCH_WARM=300 BENCH_COLD=5 BENCH_DURATION=10 BENCH_CONNECTIONS=10
import autocannonUntyped from 'autocannon';
import Fastify from 'fastify';
import type { Result } from 'autocannon';
import { createBiSimulator } from '../apps/server/src/simulators/bi/simulator';
import { stableGuid, type ProjectSpec } from '../apps/server/src/simulators/bi/catalog';
import {
  API,
  ADMIN,
  median,
  percentile,
  printTable,
  requireBuild,
  scratchPostgres,
  serverEnv,
  serverMain,
  signIn,
  startChild,
} from './lib';

const folders = Number(process.env.BENCH_FOLDERS ?? 100);
const total = Number(process.env.BENCH_ITEMS ?? 2000);
const warmCalls = Number(process.env.BENCH_WARM ?? 300);
const coldRuns = Number(process.env.BENCH_COLD ?? 5);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const autocannon = autocannonUntyped as unknown as (opts: Record<string, unknown>) => Promise<Result>;

/** The bench project: `folders` folders sharing `total` dashboards and reports. */
function benchProject(): ProjectSpec {
  const perFolder = Math.ceil(total / folders);
  return {
    name: 'Bench Fleet',
    folders: Array.from({ length: folders }, (_, f) => ({
      name: `Region ${String(f + 1).padStart(3, '0')}`,
      items: Array.from({ length: Math.min(perFolder, total - f * perFolder) }, (_, i) => ({
        name: `${i % 2 ? 'Report' : 'Dashboard'} ${f + 1}.${i + 1}`,
        type: i % 2 ? ('Report' as const) : ('Dashboard' as const),
      })),
    })),
  };
}

requireBuild();
const project = benchProject();
const sim = createBiSimulator({ projects: [project] });
const biServer = Fastify({ logger: false });
let biCalls = 0;
biServer.addHook('onRequest', (_request, _reply, done) => {
  biCalls += 1;
  done();
});
await biServer.register(sim.plugin);
const biUrl = await biServer.listen({ host: '127.0.0.1', port: 0 });

const database = await scratchPostgres('bi');
const server = await startChild('portal', serverMain, {
  ...serverEnv(database),
  BI_URL: biUrl,
  BI_SERVICE_PASSWORD: 'BiService#2024',
});
try {
  const admin = await signIn(server.url);
  const customer = { email: 'bench-nsbi@example.com', password: 'bench-secret1' };
  const created = await fetch(`${server.url}${API}/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    body: JSON.stringify({
      name: 'Bench NSBI',
      ...customer,
      password_confirmation: customer.password,
      meta: [{ key: 'settings.nsbi_enabled', value: '1' }],
      role_id: 3,
      project_id: stableGuid('project', project.name),
    }),
  });
  if (created.status !== 201) throw new Error(`POST users: ${created.status} ${await created.text()}`);
  const login = await fetch(`${server.url}${API}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: customer.email, password: customer.password }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const headers = { authorization: `Bearer ${token}` };
  const url = `${server.url}${API}/dundas-bi/project/project-items`;

  const timed = async (target: string) => {
    const started = performance.now();
    const response = await fetch(target, { headers });
    const body = (await response.json()) as { data: unknown[] };
    if (!response.ok) throw new Error(`${target}: ${response.status}`);
    return { ms: performance.now() - started, items: body.data.length };
  };

  const cold: Array<Record<string, string | number>> = [];
  for (let run = 0; run < coldRuns; run++) {
    const before = biCalls;
    const { ms, items } = await timed(run === 0 ? url : `${url}?refresh=1`);
    cold.push({
      walk: run === 0 ? 'first call' : `refresh=1 #${run}`,
      ms: ms.toFixed(1),
      items,
      'BI calls': biCalls - before,
    });
  }
  console.log(`\nCold walks (project of ${total} items in ${folders} folders; ADMIN ${ADMIN.email})`);
  printTable(cold);

  const warm: number[] = [];
  const callsBefore = biCalls;
  for (let i = 0; i < warmCalls; i++) warm.push((await timed(url)).ms);
  console.log(`\nWarm, one at a time (${warmCalls} calls, ${biCalls - callsBefore} BI calls)`);
  printTable([
    {
      p50: percentile(warm, 50).toFixed(1),
      p95: percentile(warm, 95).toFixed(1),
      p99: percentile(warm, 99).toFixed(1),
      max: Math.max(...warm).toFixed(1),
      'cold median': median(cold.map((c) => Number(c.ms))).toFixed(1),
    },
  ]);

  const load = await autocannon({ url, headers, connections, duration });
  console.log(`\nWarm under load (autocannon, ${connections} connections, ${duration} s)`);
  printTable([
    {
      'req/s': Math.round(load.requests.average),
      p50: load.latency.p50 ?? '',
      p90: load.latency.p90 ?? '',
      'p97.5': load.latency.p97_5 ?? '',
      p99: load.latency.p99 ?? '',
      non2xx: load.non2xx,
    },
  ]);
} finally {
  await server.stop();
  await database.dispose();
  await biServer.close();
}
