import { expect, type APIRequestContext } from '@playwright/test';
import { API_PREFIX, META_KEYS } from '@portal/contract';
import { BASE_URL, E2E_PORT, type Credentials } from '../fixtures';
import type { SinkMail } from '../mail-sink';
import { apiSignIn, createCustomerViaApi } from './users';

const api = (path: string) => `${BASE_URL}${API_PREFIX}/${path}`;

/** A new customer with the given settings flags set by the admin (POST meta/user). */
export async function createUserWithFlags(
  request: APIRequestContext,
  flags: { twoFactor?: boolean; singleSession?: boolean; primaryPhone?: string } = {},
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
    ...(flags.primaryPhone ? [{ key: META_KEYS.primaryPhone, value: flags.primaryPhone }] : []),
  ];
  const saved = await request.post(api('meta/user'), { headers, data: { user_id: id, meta } });
  if (!saved.ok()) throw new Error(`POST meta/user answered ${saved.status()}: ${await saved.text()}`);
  return { ...credentials, id };
}

const MAIL_SINK = `http://127.0.0.1:${Number(process.env.E2E_MAIL_PORT ?? E2E_PORT - 3)}/mails`;

/**
 * The newest mail to `to` that the portal delivered over SMTP to the journeys' mail server
 * (e2e/mail-sink.ts), waiting for it to arrive. `after` skips mails already seen (by id).
 */
export async function waitForMail(request: APIRequestContext, to: string, after = 0): Promise<SinkMail> {
  let found: SinkMail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(MAIL_SINK)).json()) as SinkMail[];
        found = mails.reverse().find((m) => m.to.includes(to.toLowerCase()) && m.id > after);
        return Boolean(found);
      },
      { timeout: 10_000, message: `a mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

export const securityCodeOf = (mail: SinkMail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
export const resetLinkOf = (mail: SinkMail) => {
  const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
