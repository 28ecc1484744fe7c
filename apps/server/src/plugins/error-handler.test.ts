import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/contract';
import { openDatabase, type Database } from '../db/client';
import { AppError } from '../lib/errors';
import { registerErrorHandler } from './error-handler';

/** A bare app with the error handler, one route per failure, and its log lines kept. */
function appThrowing(errors: Record<string, () => Promise<unknown>>) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  registerErrorHandler(app);
  for (const [path, fail] of Object.entries(errors)) app.get(`/${path}`, fail);
  return { app, lines };
}

describe('error handler safety nets', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(() => database.close());

  it('answers data the database refuses (SQLSTATE class 22) with 400, not 500', async () => {
    const { app } = appThrowing({
      range: () => database.db.execute(sql`SELECT ${'2147483648'}::integer`),
      nul: () => database.db.execute(sql`SELECT ${'a\u0000b'}::text`),
    });
    for (const path of ['range', 'nul']) {
      const res = await app.inject({ url: `/${path}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: MESSAGES.malformedRequest });
    }
  });

  it('answers a lost database with 503, Retry-After and the envelope', async () => {
    const lost = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const { app, lines } = appThrowing({
      admin: () => Promise.reject(lost),
      refused: () =>
        Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
      pool: () => Promise.reject(new Error('timeout exceeded when trying to connect')),
      slow: () => Promise.reject(new Error('Query read timeout')),
    });
    for (const path of ['admin', 'refused', 'pool', 'slow']) {
      const res = await app.inject({ url: `/${path}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ message: MESSAGES.serviceUnavailable });
    }
    expect(lines.filter((l) => l.level === 50)).toEqual([]);
  });

  it('logs a deliberate 503 (maintenance) as information without a stack trace', async () => {
    const { app, lines } = appThrowing({
      maintenance: () => Promise.reject(AppError.unavailable(MESSAGES.maintenance, 300)),
    });
    const res = await app.inject({ url: '/maintenance' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('300');
    const line = lines.find((l) => l.msg === MESSAGES.maintenance);
    expect(line).toMatchObject({ level: 30 });
    expect(JSON.stringify(lines)).not.toContain('"stack"');
  });
});
