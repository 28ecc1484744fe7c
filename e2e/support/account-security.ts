import { expect, type APIRequestContext } from '@playwright/test';
import { API_PREFIX, META_KEYS } from '@portal/contract';
// The server tests' reader of the multipart mails the portal sends: one decoder for both suites.
import { parseMail, type ReceivedMail } from '../../apps/server/src/test/smtp';
import { BASE_URL, E2E_PORT, type Credentials } from '../fixtures';
import { apiSignIn, createCustomerViaApi } from './users';

const api = (path: string) => `${BASE_URL}${API_PREFIX}/${path}`;

/** A new customer with the given settings flags set by the admin (POST meta/user). */
export async function createUserWithFlags(
  request: APIRequestContext,
  flags: { twoFactor?: boolean; singleSession?: boolean } = {},
): Promise<Credentials & { id: number }> {
  const credentials = await createCustomerViaApi(request);
  const admin = await apiSignIn(request);
  const headers = { Authorization: `Bearer ${admin.access_token}` };
  const found = await request.get(api(`users?search=${encodeURIComponent(credentials.email)}`), { headers });
  const id = ((await found.json()) as { data: { id: number }[] }).data[0]?.id;
  if (!id) throw new Error(`created user ${credentials.email} not found`);
  const meta = [
    { key: META_KEYS.twoFactor, value: flags.twoFactor ? '1' : '0' },
    { key: META_KEYS.singleSession, value: flags.singleSession ? '1' : '0' },
  ];
  const saved = await request.post(api('meta/user'), { headers, data: { user_id: id, meta } });
  if (!saved.ok()) throw new Error(`POST meta/user answered ${saved.status()}: ${await saved.text()}`);
  return { ...credentials, id };
}

/** A mail the portal sent to the journeys' SMTP server (e2e/mail-sink.mjs), decoded. */
export type SentMail = ReceivedMail & { id: number };

const MAIL_SINK = `http://127.0.0.1:${Number(process.env.E2E_MAIL_PORT ?? E2E_PORT - 3)}/mails`;

/**
 * The newest mail to `to` that the portal delivered over SMTP to the journeys' mail server,
 * waiting for it to arrive. `after` skips mails already seen (by id).
 */
export async function waitForMail(request: APIRequestContext, to: string, after = 0): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(MAIL_SINK);
        const mails = (await response.json()) as Array<{ id: number; to: string[]; raw: string }>;
        const mail = mails.reverse().find((m) => m.to.includes(to.toLowerCase()) && m.id > after);
        found = mail && { ...parseMail(mail.raw, mail.to), id: mail.id };
        return Boolean(found);
      },
      { timeout: 10_000, message: `a mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

export const securityCodeOf = (mail: SentMail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
export const resetLinkOf = (mail: SentMail) => {
  const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
