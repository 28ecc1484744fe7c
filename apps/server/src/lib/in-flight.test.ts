import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackInFlightHandlers } from './in-flight';

describe('in-flight handlers at shutdown', () => {
  it('close waits for a handler whose client hung up before it closes what the handler uses', async () => {
    // The shape of buildApp: the "database" closes in the first-registered onClose hook, the
    // tracker's wait is the last-registered one (so it runs first).
    const app = Fastify({ logger: false, forceCloseConnections: 'idle' });
    const handlers = trackInFlightHandlers(app);
    const events: string[] = [];
    app.addHook('onClose', async () => {
      events.push('database closed');
    });
    let release!: () => void;
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    app.post('/slow', async () => {
      entered();
      await new Promise<void>((resolve) => (release = resolve));
      events.push('handler wrote its rows');
      return { ok: true };
    });
    app.addHook('onClose', async () => handlers.idle());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };

    const client = new AbortController();
    const request = fetch(`http://127.0.0.1:${port}/slow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      signal: client.signal,
    }).catch(() => 'aborted');
    await handlerEntered;
    client.abort();
    expect(await request).toBe('aborted');
    expect(handlers.running).toBe(1);

    const closed = app.close().then(() => events.push('app closed'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]); // still waiting for the handler

    release();
    await closed;
    expect(events).toEqual(['handler wrote its rows', 'database closed', 'app closed']);
    expect(handlers.running).toBe(0);
  });

  it('counts handlers that answer synchronously or throw, and never goes negative', async () => {
    const app = Fastify({ logger: false });
    const handlers = trackInFlightHandlers(app);
    app.get('/sync', (_request, reply) => {
      void reply.send({ ok: true });
    });
    app.get('/throws', () => {
      throw new Error('boom');
    });
    expect((await app.inject({ url: '/sync' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/throws' })).statusCode).toBe(500);
    expect(handlers.running).toBe(0);
    await app.close();
  });
});
