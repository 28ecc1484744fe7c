import { checkSmtp } from '../../../mail/smtp-check';
import { maskValue } from '../settings';
import { fail, pass, reasonOf, type Check } from '../types';

/** SMTP answers the handshake and takes the log-in of SMTP_URL. */
export const checkMail: Check = async ({ config, timeoutMs }) => {
  const url = config.mail.smtpUrl;
  if (!url) return pass('SMTP', 'no SMTP_URL: mail goes to the outbox (development only)');
  const shown = maskValue('SMTP_URL', url);
  try {
    await checkSmtp(url, timeoutMs);
    return pass('SMTP', `${shown} accepts the portal`);
  } catch (err) {
    return fail(
      'SMTP',
      `${shown}: ${reasonOf(err)}`,
      "check SMTP_URL's host, port, scheme (smtps:// for TLS from the start, smtp:// for STARTTLS), user and password",
    );
  }
};
