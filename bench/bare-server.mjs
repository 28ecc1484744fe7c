// The yardstick of bench/api.ts: a bare Fastify 5 app (same version as the server) answering a
// constant JSON body, run as its own process like the real server.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// Resolve fastify the way the server does, not via the root's hoisting.
const require = createRequire(path.resolve(import.meta.dirname, '../apps/server/package.json'));
const { default: Fastify } = await import(pathToFileURL(require.resolve('fastify')).href);

const app = Fastify({ logger: false });
const body = { data: { id: 1, name: 'x' } };
app.get('/bare', async () => body);
app.get('/readyz', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
