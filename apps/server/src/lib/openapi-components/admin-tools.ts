import {
  BULK_MESSAGES,
  bulkJobSchema,
  bulkUsersRequestSchema,
  outboxMailSchema,
  outboxSmsSchema,
} from '@portal/contract';
import { type Component, at } from './examples';

/** Admin tools: bulk jobs and the development outboxes. */
export const adminToolComponents: Component[] = [
  [
    bulkUsersRequestSchema,
    'BulkUsersRequest',
    {
      action: 'block',
      filter: { search: 'acme', blocked: false, expected_total: 240 },
      current_password: 'my own password',
    },
  ],
  [
    bulkJobSchema,
    'BulkJob',
    {
      id: 17,
      action: 'block',
      state: 'running',
      total: 240,
      processed: 120,
      done: 118,
      skipped: 2,
      failed: 0,
      results: [{ id: 3, status: 'skipped', message: BULK_MESSAGES.adminByFilter }],
      message: BULK_MESSAGES.progress(120, 240),
      started_at: at,
      finished_at: null,
    },
  ],
  [
    outboxMailSchema,
    'OutboxMail',
    {
      id: 7,
      to: 'dana@acme-logistics.example',
      subject: 'Customer Portal: Reset your password',
      text: 'Reset Password: https://portal.example/reset-password?token=…',
      html: '<p>…</p>',
      createdAt: at,
    },
  ],
  [
    outboxSmsSchema,
    'OutboxSms',
    {
      sid: 'SM0123456789abcdef0123456789abcdef',
      to: '+15551234567',
      from: '+15005550006',
      body: 'Customer Portal security code: 123456. It expires in 10 minutes. Do not share it.',
      status: 'delivered',
      createdAt: at,
    },
  ],
];
