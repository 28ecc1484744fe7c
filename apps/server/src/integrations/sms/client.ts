import { z } from 'zod';
import { createRemote, type RemoteOptions } from '../remote';

/** The name of the system in logs, metrics and spans. */
const SMS_SYSTEM = 'SMS gateway';

/** Twilio's REST API version: the path every resource of the Messages API sits under. */
const API_VERSION = '/2010-04-01';

const sentSchema = z.object({ sid: z.string().regex(/^[A-Za-z0-9]{2,64}$/) });
const messageSchema = z.object({
  sid: z.string().max(64),
  to: z.string().max(64),
  from: z.string().max(64).nullable(),
  body: z.string().max(1600),
  status: z.string().max(32),
  date_created: z.string().max(64).nullable(),
});
const listSchema = z.object({ messages: z.array(messageSchema) });
/** Twilio's error answer: `{code, message, more_info, status}`; only the code is read (and logged). */
const errorSchema = z.object({ code: z.number().int() });

export type SmsMessage = {
  sid: string;
  to: string;
  from: string;
  body: string;
  status: string;
  createdAt: Date | null;
};

export type SmsClientOptions = Omit<RemoteOptions, 'system'> & {
  /** The account id (Twilio: the Account SID): Basic auth's user and a segment of every path. */
  account: string;
  token: string;
  /** The sender of every message: an E.164 number or an alphanumeric sender id. */
  from: string;
};

/**
 * An SMS gateway that speaks Twilio's Messages API (docs/integrations.md "SMS gateway"): send a
 * text, list the account's recent ones (the SMS outbox), and check the account (doctor). HTTP Basic
 * auth with the account and its token on every call; bodies are forms, answers JSON.
 */
export function createSmsClient(options: SmsClientOptions) {
  const remote = createRemote({ ...options, system: SMS_SYSTEM });
  const authorization = `Basic ${Buffer.from(`${options.account}:${options.token}`).toString('base64')}`;
  const account = `${API_VERSION}/Accounts/${encodeURIComponent(options.account)}`;

  return {
    system: SMS_SYSTEM,

    /**
     * POST …/Messages.json: the gateway took the message (201) → its sid. Anything else is a
     * RemoteFailure (a refused number, bad credentials, a 5xx, no answer). Never retried: a second
     * POST after a lost answer could text the person twice.
     */
    async send(message: { to: string; body: string }): Promise<{ sid: string }> {
      const answer = await remote.send({
        method: 'POST',
        path: `${account}/Messages.json`,
        form: { To: message.to, From: options.from, Body: message.body },
        headers: { authorization },
      });
      if (answer.status === 201 || answer.status === 200) return remote.read(answer, sentSchema, 'send');
      const code = errorSchema.safeParse(answer.body).data?.code;
      throw remote.unexpected(answer, code === undefined ? 'send' : `send (gateway error ${code})`);
    },

    /** GET …/Messages.json: the account's most recent messages, newest first. */
    async recent(pageSize = 50): Promise<SmsMessage[]> {
      const answer = await remote.send({
        method: 'GET',
        path: `${account}/Messages.json?PageSize=${pageSize}`,
        headers: { authorization },
        idempotent: true,
      });
      if (answer.status !== 200) throw remote.unexpected(answer, 'list');
      return remote.read(answer, listSchema, 'list').messages.map((m) => ({
        sid: m.sid,
        to: m.to,
        from: m.from ?? '',
        body: m.body,
        status: m.status,
        createdAt:
          m.date_created && !Number.isNaN(Date.parse(m.date_created)) ? new Date(m.date_created) : null,
      }));
    },

    /** GET …/Accounts/{account}.json, for `npm run doctor`: 'ok', or 'refused' (401/403/404); throws when it does not answer. */
    async checkAccount(): Promise<'ok' | 'refused'> {
      const answer = await remote.send({
        method: 'GET',
        path: `${account}.json`,
        headers: { authorization },
        idempotent: true,
      });
      if (answer.status === 200) return 'ok';
      if (answer.status === 401 || answer.status === 403 || answer.status === 404) return 'refused';
      throw remote.unexpected(answer, 'account');
    },
  };
}

export type SmsClient = ReturnType<typeof createSmsClient>;
