import Fastify, { type FastifyPluginAsync } from 'fastify';

/**
 * A simulator on a port of its own (tests; anyone who wants one apart from the portal): a real
 * HTTP server on 127.0.0.1, on a free port unless one is given.
 */
export async function serveSimulator(plugin: FastifyPluginAsync, port = 0) {
  const app = Fastify({ logger: false });
  await app.register(plugin);
  const address = await app.listen({ host: '127.0.0.1', port });
  return { url: address, close: () => app.close() };
}
