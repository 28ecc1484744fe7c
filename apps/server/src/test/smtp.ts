import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; subject: string; text: string; html: string };

/** Quoted-printable and base64 bodies as nodemailer writes them, decoded to text. */
function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A tiny reader of the multipart/alternative mails the app sends: subject, text and html parts. */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = /^subject:\s*(.*)$/im.exec(unfolded)?.[1]?.trim() ?? '';
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  const body = rest.join('\n\n');
  const parts: Record<string, string> = {};
  for (const part of boundary ? body.split(`--${boundary}`) : []) {
    const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const type = /content-type:\s*(text\/(?:plain|html))/i.exec(partHead)?.[1]?.toLowerCase();
    if (type) parts[type] = decodePart(partHead, partBody.join('\n\n')).trim();
  }
  return { to, raw, subject, text: parts['text/plain'] ?? '', html: parts['text/html'] ?? '' };
}

/**
 * A real SMTP server on a local port (random by default; e2e/mail-sink.ts picks a fixed one) that
 * keeps every message. `next(to)` waits for the next mail to an address that was not read yet.
 */
export async function startSmtpServer(listenOn = 0) {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const read = new Set<ReceivedMail>();
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Mails to `to` not yet taken by next(). */
    unread: (to: string) => mails.filter((m) => !read.has(m) && m.to.includes(to.toLowerCase())),
    async next(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.find((m) => !read.has(m) && m.to.includes(to.toLowerCase()));
        if (mail) {
          read.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left).unref();
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;
