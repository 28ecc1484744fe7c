import type { OutboxSms } from '@portal/contract';
import type { SmsMessage } from '../../integrations/sms/client';

export const presentOutboxSms = (message: SmsMessage): OutboxSms => ({
  sid: message.sid,
  to: message.to,
  from: message.from,
  body: message.body,
  status: message.status,
  createdAt: (message.createdAt ?? new Date(0)).toISOString(),
});
