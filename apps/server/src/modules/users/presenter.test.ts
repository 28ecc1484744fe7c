import { describe, expect, it } from 'vitest';
import { BULK_MESSAGES } from '@portal/contract';
import { AppError } from '../../lib/errors';
import { presentBulkRun } from './presenter';

describe('presentBulkRun', () => {
  it('words each outcome: a refusal its own message, a missing user "not found", anything else the generic one', () => {
    const answer = presentBulkRun({
      action: 'block',
      results: [
        { id: 1, status: 'done' },
        { id: 2, status: 'skipped' },
        { id: 3, status: 'failed', error: AppError.notFound() },
        { id: 4, status: 'failed', error: AppError.forbidden('Not this one.') },
        { id: 5, status: 'failed', error: new AppError(502, 'The BI server failed.') },
        { id: 6, status: 'failed', error: new Error('connection reset') },
      ],
    });
    expect(answer).toEqual({
      data: {
        action: 'block',
        total: 6,
        done: 1,
        skipped: 1,
        failed: 4,
        results: [
          { id: 1, status: 'done', message: null },
          { id: 2, status: 'skipped', message: BULK_MESSAGES.self },
          { id: 3, status: 'failed', message: BULK_MESSAGES.notFound },
          { id: 4, status: 'failed', message: 'Not this one.' },
          { id: 5, status: 'failed', message: BULK_MESSAGES.failed },
          { id: 6, status: 'failed', message: BULK_MESSAGES.failed },
        ],
      },
      message: BULK_MESSAGES.done(1, 6),
    });
  });
});
