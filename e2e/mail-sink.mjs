// The e2e journeys' mail server: a real SMTP server (the `smtp-server` package the server's own
// tests use) that the portal under test sends to through SMTP_URL, like any mail server. It keeps
// every message in memory and lets the journeys (in other processes) read them over HTTP:
//   GET http://127.0.0.1:<httpPort>/mails  →  [{ id, to: [...], raw }]
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// smtp-server is a dev dependency of the server workspace, not of the root.
const { SMTPServer } = createRequire(path.join(root, 'apps/server/package.json'))('smtp-server');

export async function startMailSink({ smtpPort, httpPort }) {
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          id: mails.length + 1,
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  const http = createServer((req, res) => {
    if (req.url !== '/mails') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  });
  await new Promise((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    close: () =>
      Promise.all([
        new Promise((resolve) => smtp.close(resolve)),
        new Promise((resolve) => http.close(resolve)),
      ]),
  };
}
