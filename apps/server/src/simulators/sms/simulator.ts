import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { field, prepareSimulator, type Clock } from '../kit';

export type SmsSimulatorOptions = {
  /** The one account it serves (Basic auth's user, and the `{account}` of its paths). */
  account: string;
  token: string;
  /** The only sender it accepts, as a gateway accepts only the account's own numbers. */
  from: string;
  now?: Clock;
  /** How many messages it keeps, newest first (default 500). */
  capacity?: number;
};

/** A message as the simulator received it. */
type ReceivedSms = {
  sid: string;
  account: string;
  to: string;
  from: string;
  body: string;
  createdAt: Date;
};

const API = '/2010-04-01/Accounts';
/** Twilio refuses longer bodies (error 21617). */
const MAX_BODY = 1600;

/** Twilio's error answer: `{code, message, more_info, status}`. */
const twilioError = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply
    .status(status)
    .send({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

/** RFC 2822, as Twilio writes its dates ("Fri, 27 Nov 2026 08:22:18 +0000"). */
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

/**
 * A number a gateway would text: E.164, and under +1 a North American number (area code and
 * exchange start with 2–9), as Twilio checks before it answers 21211.
 */
const textable = (to: string) =>
  /^\+[1-9]\d{7,14}$/.test(to) && (!to.startsWith('+1') || /^\+1[2-9]\d{2}[2-9]\d{6}$/.test(to));

/**
 * SMS gateway simulator (docs/integrations.md "SMS gateway"): the subset of Twilio's Messages API
 * the portal's client speaks — send, list, fetch the account — with Basic auth and Twilio's error
 * answers. It keeps what it received in memory, for the SMS outbox screen and for tests.
 */
export function createSmsSimulator(options: SmsSimulatorOptions) {
  const now = options.now ?? (() => new Date());
  const capacity = options.capacity ?? 500;
  const received: ReceivedSms[] = [];
  const expected = `Basic ${Buffer.from(`${options.account}:${options.token}`).toString('base64')}`;

  /** The request carries the account's credentials and names that account in its path. */
  const authorised = (request: FastifyRequest, account: string) =>
    request.headers.authorization === expected && account === options.account;

  const presentMessage = (m: ReceivedSms, status: string) => ({
    account_sid: m.account,
    api_version: '2010-04-01',
    body: m.body,
    date_created: rfc2822(m.createdAt),
    date_sent: status === 'queued' ? null : rfc2822(m.createdAt),
    date_updated: rfc2822(m.createdAt),
    direction: 'outbound-api',
    error_code: null,
    error_message: null,
    from: m.from,
    messaging_service_sid: null,
    num_media: '0',
    num_segments: String(Math.max(1, Math.ceil(m.body.length / 153))),
    price: null,
    price_unit: 'USD',
    sid: m.sid,
    status,
    to: m.to,
    uri: `${API}/${m.account}/Messages/${m.sid}.json`,
  });

  const plugin: FastifyPluginAsync = async (app) => {
    prepareSimulator(app);
    const refuseAuth = (reply: FastifyReply) => twilioError(reply, 401, 20003, 'Authenticate');

    app.post<{ Params: { account: string } }>(`${API}/:account/Messages.json`, async (request, reply) => {
      if (!authorised(request, request.params.account)) return refuseAuth(reply);
      const to = field(request.body, 'To').trim();
      const from = field(request.body, 'From').trim();
      const body = field(request.body, 'Body');
      if (!to) return twilioError(reply, 400, 21604, "A 'To' phone number is required.");
      if (!from) return twilioError(reply, 400, 21603, "A 'From' phone number is required.");
      if (!body) return twilioError(reply, 400, 21602, 'Message body is required.');
      if (body.length > MAX_BODY)
        return twilioError(
          reply,
          400,
          21617,
          'The concatenated message body exceeds the 1600 character limit.',
        );
      if (!textable(to)) return twilioError(reply, 400, 21211, `Invalid 'To' Phone Number: ${to}`);
      if (from !== options.from)
        return twilioError(
          reply,
          400,
          21606,
          `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
        );
      const message: ReceivedSms = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        account: options.account,
        to,
        from,
        body,
        createdAt: now(),
      };
      received.unshift(message);
      received.length = Math.min(received.length, capacity);
      return reply.status(201).send(presentMessage(message, 'queued'));
    });

    app.get<{ Params: { account: string }; Querystring: { PageSize?: string } }>(
      `${API}/:account/Messages.json`,
      async (request, reply) => {
        if (!authorised(request, request.params.account)) return refuseAuth(reply);
        const size = Math.min(1000, Math.max(1, Number(request.query.PageSize) || 50));
        const uri = `${API}/${options.account}/Messages.json?PageSize=${size}`;
        return {
          messages: received.slice(0, size).map((m) => presentMessage(m, 'delivered')),
          first_page_uri: `${uri}&Page=0`,
          next_page_uri: null,
          previous_page_uri: null,
          page: 0,
          page_size: size,
          start: 0,
          end: Math.max(0, Math.min(size, received.length) - 1),
          uri,
        };
      },
    );

    // `{account}.json`: one segment, so the suffix is checked here rather than by the router.
    app.get<{ Params: { resource: string } }>(`${API}/:resource`, async (request, reply) => {
      const account = request.params.resource.replace(/\.json$/, '');
      if (account === request.params.resource) return twilioError(reply, 404, 20404, 'Not Found');
      if (!authorised(request, account)) return refuseAuth(reply);
      return {
        sid: options.account,
        friendly_name: 'Customer Portal (simulator)',
        status: 'active',
        type: 'Full',
        date_created: rfc2822(new Date(0)),
        uri: `${API}/${options.account}.json`,
      };
    });
  };

  return {
    plugin,
    /** What it received, newest first. */
    messages: (): readonly ReceivedSms[] => received,
  };
}

export type SmsSimulator = ReturnType<typeof createSmsSimulator>;
