import type { SmsClient, SmsMessage } from '../../integrations/sms/client';
import { AppError } from '../../lib/errors';

/** How many of the newest messages the outbox shows. */
const SMS_OUTBOX_SIZE = 100;

/**
 * The SMS outbox: the gateway's own list of the account's recent messages (Twilio's
 * `GET …/Messages.json`), so it shows what the simulator holds whether it is mounted or runs apart
 * (decision 0037). No gateway: 404, like the route in production.
 */
export function createSmsOutboxService(deps: { client: Pick<SmsClient, 'recent'> | undefined }) {
  return {
    async recent(): Promise<SmsMessage[]> {
      if (!deps.client) throw AppError.notFound();
      return deps.client.recent(SMS_OUTBOX_SIZE);
    },
  };
}

export type SmsOutboxService = ReturnType<typeof createSmsOutboxService>;
