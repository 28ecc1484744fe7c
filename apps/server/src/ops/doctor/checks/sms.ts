import { createSmsClient } from '../../../integrations/sms/client';
import { fail, pass, type Check } from '../types';
import { failureOf } from './remote-systems';

const quiet = { debug: () => {}, warn: () => {} };

/** The SMS gateway answers and takes SMS_ACCOUNT and SMS_TOKEN (its account resource, over Basic auth). */
export const checkSms: Check = async ({ config, timeoutMs }) => {
  const { sms } = config;
  if (!sms)
    return pass(
      'SMS gateway',
      'no SMS_URL: security codes go by email only (docs/operations.md "Security codes by SMS")',
    );
  if (!sms.url)
    return pass(
      'SMS gateway',
      'no SMS_URL: the built-in SMS simulator stands in (Admin → SMS outbox; not for real customers)',
    );
  const client = createSmsClient({ ...sms, baseUrl: sms.url, timeoutMs, log: quiet });
  try {
    if ((await client.checkAccount()) === 'ok')
      return pass(
        'SMS gateway',
        `${sms.url} answers and takes the account ${sms.account}; texts come from ${sms.from}`,
      );
    return fail(
      'SMS gateway',
      `${sms.url} refused the account ${sms.account}`,
      'check SMS_ACCOUNT (the account id, e.g. the Twilio Account SID) and SMS_TOKEN (its auth token)',
    );
  } catch (err) {
    return fail(
      'SMS gateway',
      `${sms.url} does not answer: ${failureOf(err, timeoutMs)}`,
      "check SMS_URL (the API's origin, e.g. https://api.twilio.com) and that the portal's host may reach it",
    );
  }
};
