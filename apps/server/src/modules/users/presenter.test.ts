import { describe, expect, it } from 'vitest';
import { BULK_MESSAGES } from '@portal/contract';
import { AppError } from '../../lib/errors';
import type { BulkJobRecord } from './bulk-jobs-repository';
import { presentBulkJob, presentBulkResult } from './presenter';

describe('presentBulkResult', () => {
  it('words each outcome: why a user was skipped, a refusal its own message, a missing user "not found", anything else the generic one', () => {
    const results = [
      { id: 1, status: 'done' as const },
      { id: 2, status: 'skipped' as const, reason: 'self' as const },
      { id: 7, status: 'skipped' as const, reason: 'admin' as const },
      { id: 3, status: 'failed' as const, error: AppError.notFound() },
      { id: 4, status: 'failed' as const, error: AppError.forbidden('Not this one.') },
      { id: 5, status: 'failed' as const, error: new AppError(502, 'The BI server failed.') },
      { id: 6, status: 'failed' as const, error: new Error('connection reset') },
    ].map(presentBulkResult);
    expect(results).toEqual([
      { id: 1, status: 'done', message: null },
      { id: 2, status: 'skipped', message: BULK_MESSAGES.self },
      { id: 7, status: 'skipped', message: BULK_MESSAGES.adminByFilter },
      { id: 3, status: 'failed', message: BULK_MESSAGES.notFound },
      { id: 4, status: 'failed', message: 'Not this one.' },
      { id: 5, status: 'failed', message: BULK_MESSAGES.failed },
      { id: 6, status: 'failed', message: BULK_MESSAGES.failed },
    ]);
  });
});

describe('presentBulkJob', () => {
  const job = (over: Partial<BulkJobRecord>): BulkJobRecord => ({
    id: 9,
    actorId: 1,
    action: 'block',
    state: 'running',
    total: 40,
    processed: 0,
    done: 0,
    skipped: 0,
    failed: 0,
    results: [],
    startedAt: new Date('2026-11-27T09:00:00Z'),
    heartbeatAt: new Date('2026-11-27T09:00:00Z'),
    finishedAt: null,
    ...over,
  });

  it('says where a job stands: started, how far, done, broken off or interrupted', () => {
    expect(presentBulkJob(job({})).data.message).toBe(BULK_MESSAGES.started(40));
    expect(presentBulkJob(job({ processed: 12 })).data.message).toBe(BULK_MESSAGES.progress(12, 40));
    const finishedAt = new Date('2026-11-27T09:01:00Z');
    const done = presentBulkJob(job({ state: 'done', processed: 40, done: 39, skipped: 1, finishedAt }));
    expect(done.data).toMatchObject({
      state: 'done',
      done: 39,
      message: BULK_MESSAGES.done(39, 40),
      started_at: '2026-11-27T09:00:00.000Z',
      finished_at: '2026-11-27T09:01:00.000Z',
    });
    expect(presentBulkJob(job({ state: 'failed', processed: 3 })).data.message).toBe(
      BULK_MESSAGES.broke(3, 40),
    );
    expect(presentBulkJob(job({ state: 'interrupted', processed: 5 })).data.message).toBe(
      BULK_MESSAGES.interrupted(5, 40),
    );
  });
});
