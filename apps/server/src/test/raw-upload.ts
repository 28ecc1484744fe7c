import { connect, type Socket } from 'node:net';
import { API_PREFIX } from '@portal/contract';

const BOUNDARY = 'portal-raw-upload';

/** The multipart body of POST files/logo, as a browser would send it, for a PNG or JPEG. */
export function logoForm(userId: number, image: Buffer): Buffer {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return Buffer.concat([
    Buffer.from(
      field('user_id', String(userId)) +
        field('type', 'logo') +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    image,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

export type RawUpload = {
  socket: Socket;
  /** The status of the answer, or null when the connection ended without one. */
  status: Promise<number | null>;
  /** Sends more of the body (a slow sender's next bytes). */
  send(bytes: Buffer): void;
};

/**
 * A logo upload over a raw socket (node:net), so a test can do what a browser cannot be made to
 * do on purpose: send the headers and only `sendFirst` bytes of the body, dribble the rest, or
 * hang up at any point. Resolves once the headers and those bytes are written.
 */
export async function rawUpload(
  port: number,
  accessToken: string,
  body: Buffer,
  sendFirst = body.length,
): Promise<RawUpload> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  socket.on('error', () => undefined); // a reset by the server is an answer like any other here
  const status = new Promise<number | null>((resolve) =>
    socket.once('close', () => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      resolve(match ? Number(match[1]) : null);
    }),
  );
  socket.write(
    `POST ${API_PREFIX}/files/logo HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${accessToken}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n` +
      'Connection: close\r\n\r\n',
  );
  if (sendFirst > 0)
    await new Promise<void>((resolve) => socket.write(body.subarray(0, sendFirst), () => resolve()));
  return { socket, status, send: (bytes) => socket.write(bytes) };
}
