/**
 * The SMTP handshake the mailer would do (connect, greeting, EHLO, STARTTLS and log-in as SMTP_URL
 * says), without sending anything: `npm run doctor`. Rejects with the server's or the network's reason.
 */
export async function checkSmtp(url: string, timeoutMs: number): Promise<void> {
  const { default: nodemailer } = await import('nodemailer');
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  try {
    await transporter.verify();
  } finally {
    transporter.close();
  }
}
