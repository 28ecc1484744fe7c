import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { insertOutboxMail } from './queries';
import type { Mail } from './templates';

export type Mailer = {
  /** Sends now; rejects when the SMTP server refuses. */
  send(mail: Mail): Promise<void>;
  /**
   * Sends in the background (the caller's answer must not wait for, or be timed by, the SMTP
   * server: forgot-password answers alike whether a mail goes out). Failures are logged.
   */
  sendLater(mail: Mail): void;
  /** Waits for background sends (app close, tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

type Transport = { deliver(mail: Mail): Promise<void>; close(): void };

/**
 * nodemailer is loaded, and the transport made, at the first mail rather than at start: ~2 MB of
 * heap an instance may not need for hours (docs/decisions/0047-idle-memory.md).
 */
function smtpTransport(url: string, from: string): Transport {
  const open = async () => (await import('nodemailer')).default.createTransport(url);
  let transporter: ReturnType<typeof open> | undefined;
  return {
    async deliver(mail) {
      transporter ??= open();
      const smtp = await transporter;
      await smtp.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close() {
      // A transport still being made is closed once it is.
      void transporter?.then(
        (smtp) => smtp.close(),
        () => undefined,
      );
    },
  };
}

/** Development without a mail server: the outbox table plus a log line (subject and recipient only). */
function outboxTransport(db: Db, log: FastifyBaseLogger): Transport {
  return {
    async deliver(mail) {
      await insertOutboxMail(db, mail);
      log.info({ to: mail.to, subject: mail.subject }, 'mail kept in the outbox (no SMTP_URL)');
    },
    close: () => undefined,
  };
}

export async function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}): Promise<Mailer> {
  const transport = opts.smtpUrl
    ? smtpTransport(opts.smtpUrl, opts.from)
    : outboxTransport(opts.db, opts.log);
  const pending = new Set<Promise<void>>();
  const idle = async () => {
    while (pending.size) await Promise.all([...pending]);
  };
  return {
    send: (mail) => transport.deliver(mail),
    sendLater(mail) {
      const job = transport
        .deliver(mail)
        .catch((err: unknown) => opts.log.error({ err, subject: mail.subject }, 'mail could not be sent'))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    idle,
    async close() {
      await idle();
      transport.close();
    },
  };
}

/** Decorates the app with `mailer`; closes it (after pending sends) with the app. */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const mailer = await createMailer({
      smtpUrl: app.config.mail.smtpUrl,
      from: app.config.mail.from,
      db: app.database.db,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  {
    name: 'mailer',
    decorators: { fastify: ['config', 'database'] },
  },
);
