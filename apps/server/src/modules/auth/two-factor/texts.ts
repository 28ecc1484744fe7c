import { META_KEYS, metaValue, PRODUCT_NAME, TWO_FACTOR_MESSAGES } from '@portal/contract';
import { RemoteFailure } from '../../../integrations/remote';
import type { SmsClient } from '../../../integrations/sms/client';
import { phoneEnding, toE164 } from '../../../integrations/sms/phone';
import type { UserRecord } from '../../directory';

/** Texts a security code to a user's primary phone; null when it did not go (no phone, or a failure). */
export type CodeTexts = {
  send(user: UserRecord, code: string): Promise<{ phoneEnding: string } | null>;
};

export type CodeTextsDeps = {
  client: Pick<SmsClient, 'send'>;
  /** SMS_COUNTRY_CODE: what makes the product's 10-digit numbers E.164. */
  countryCode: string;
  log: { warn(details: object, message: string): void };
  count: (outcome: 'sent' | 'failed') => void;
};

/**
 * The text beside the mail of a security code (docs/product.md §8 "by email (and phone if
 * provided)"). It never fails the sign-in: whatever goes wrong — no gateway answer, a refused
 * number, a timeout — is logged at warn, counted, and the code has gone by email anyway
 * (decision 0037).
 */
export function createCodeTexts(deps: CodeTextsDeps): CodeTexts {
  return {
    async send(user, code) {
      const phone = metaValue(user, META_KEYS.primaryPhone) ?? '';
      if (!phone) return null;
      const to = toE164(phone, deps.countryCode);
      try {
        if (!to) throw new Error('the primary phone number cannot be written in E.164');
        await deps.client.send({ to, body: TWO_FACTOR_MESSAGES.smsBody(PRODUCT_NAME, code) });
      } catch (error) {
        deps.count('failed');
        deps.log.warn(
          {
            userId: user.id,
            phoneEnding: phoneEnding(phone),
            // RemoteFailure's reason (unreachable, timeout, status, body); its message is for users.
            reason:
              error instanceof RemoteFailure
                ? error.reason
                : error instanceof Error
                  ? error.message
                  : String(error),
          },
          'security code not texted: it went by email only',
        );
        return null;
      }
      deps.count('sent');
      return { phoneEnding: phoneEnding(phone) };
    },
  };
}
