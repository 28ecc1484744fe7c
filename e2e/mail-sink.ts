// The e2e journeys' mail server: the server suite's real SMTP server (apps/server/src/test/smtp.ts),
// on a fixed port, which the portal under test sends to through SMTP_URL like any mail server. The
// journeys run in other processes, so it also answers what it received over HTTP:
//   GET http://127.0.0.1:<httpPort>/mails  →  [{ id, to, subject, text, html, raw }]
import { createServer } from 'node:http';
import { startSmtpServer, type ReceivedMail } from '../apps/server/src/test/smtp';

export type SinkMail = ReceivedMail & { id: number };

export async function startMailSink({ smtpPort, httpPort }: { smtpPort: number; httpPort: number }) {
  const smtp = await startSmtpServer(smtpPort);
  const http = createServer((req, res) => {
    if (req.url !== '/mails') return res.writeHead(404).end();
    const mails: SinkMail[] = smtp.mails.map((mail, index) => ({ ...mail, id: index + 1 }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
  return {
    smtpUrl: smtp.url,
    close: () => Promise.all([smtp.close(), new Promise<void>((resolve) => http.close(() => resolve()))]),
  };
}
