import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/contract';
import { registerErrorHandler } from '../../plugins/error-handler';
import { actorOf, authOf } from './guard';

/** A route that forgot its guard is refused (401), never run as nobody or answered with a 500. */
describe('authOf and actorOf without a guard', () => {
  it.each([
    ['authOf', (request: Parameters<typeof authOf>[0]) => authOf(request).user.id],
    ['actorOf', (request: Parameters<typeof actorOf>[0]) => actorOf(request).userId],
  ])('%s refuses a request no guard let in', async (_name, read) => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/forgot-its-guard', async (request) => ({ id: read(request) }));
    const res = await app.inject({ url: '/forgot-its-guard' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.unauthenticated });
    await app.close();
  });
});
