import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MESSAGES, MESSAGES, REALTIME } from '@portal/contract';
import { AppError } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../test/app';
import { useTestApp } from '../../test/use-test-app';
import { createUser, signIn } from '../../test/builders';
import { api } from '../../test/http';
import { logoForm, rawUpload } from '../../test/raw-upload';
import { openEventStream } from '../../test/sse';
import { createUploadQueue } from './upload-queue';

/**
 * Uploads from clients that send slowly, hang up, or close their tab while the upload waits
 * (docs/decisions/0024-abuse-resistance.md): none of them may hold back anyone else's upload.
 * Raw sockets, because a well-behaved client cannot be made to misbehave on purpose.
 */
const image = () =>
  sharp({ create: { width: 120, height: 60, channels: 3, background: { r: 10, g: 120, b: 40 } } })
    .png()
    .toBuffer();

/** A user with a session: their id and access token. */
const someone = async (t: TestApp) => {
  const user = await createUser(t);
  return { id: user.id, token: (await signIn(t, user)).accessToken };
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check` holds (polled): waits for what the server does in its own time. */
async function until(check: () => boolean) {
  while (!check()) await pause(20);
}

/** A promise and its resolve, to hold a job in the queue for as long as a test needs. */
function gate() {
  let open!: () => void;
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
}

/** Stands in for an answer whose client is still there (`close` hangs it up). */
const pendingResponse = () =>
  Object.assign(new EventEmitter(), { writableFinished: false }) as unknown as ServerResponse;

describe('uploads that do not finish', () => {
  const t = useTestApp();
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  it('nine uploads dribbled a byte at a time hold back nobody else’s upload', async () => {
    const png = await image();
    const slow = await Promise.all(
      Array.from({ length: 9 }, async () => {
        const user = await someone(t);
        return rawUpload(port, user.token, logoForm(user.id, png), 40);
      }),
    );
    // Their guards have run and their handlers wait for the rest of their bodies.
    await pause(1000);

    const other = await someone(t);
    const done = await rawUpload(port, other.token, logoForm(other.id, png));
    expect(await done.status).toBe(201);
    for (const upload of slow) upload.socket.destroy();
  }, 60_000);

  it('an upload whose client hangs up halfway, and one whose tab closes while it waits, hold back nobody', async () => {
    const png = await image();
    const form = (id: number) => logoForm(id, png);
    // One upload arrives slowly; behind it, one hangs up halfway and one closes after sending it all.
    const first = await someone(t);
    const slow = await rawUpload(port, first.token, form(first.id), 40);
    const halfway = await someone(t);
    const hungUp = await rawUpload(port, halfway.token, form(halfway.id), 200);
    const closing = await someone(t);
    const closed = await rawUpload(port, closing.token, form(closing.id));
    await pause(500);
    hungUp.socket.destroy();
    closed.socket.destroy();
    slow.send(form(first.id).subarray(40));
    expect(await slow.status).toBe(201);

    const later = await someone(t);
    const answer = await rawUpload(port, later.token, form(later.id));
    expect(await answer.status).toBe(201);
  }, 60_000);

  it('one upload per user at a time: a second one while the first is arriving is 429, before its body is read', async () => {
    const png = await image();
    const user = await someone(t);
    const first = await rawUpload(port, user.token, logoForm(user.id, png), 40);
    await until(() => t.app.uploads.inProgress > 0);
    const second = await rawUpload(port, user.token, logoForm(user.id, png));
    expect(await second.status).toBe(429);
    first.send(logoForm(user.id, png).subarray(40));
    expect(await first.status).toBe(201);
    const again = await rawUpload(port, user.token, logoForm(user.id, png));
    expect(await again.status).toBe(201);
  }, 60_000);

  it('an upload whose tab closes while it waits for the image slot leaves the queue at once', async () => {
    const png = await image();
    // Something else holds the image slot until the test lets it go.
    const holder = await someone(t);
    const held = t.app.uploads.admit(holder.id, pendingResponse());
    const slot = gate();
    const holding = held.image(() => slot.closed);
    try {
      const waiting = await someone(t);
      const upload = await rawUpload(port, waiting.token, logoForm(waiting.id, png));
      await until(() => t.app.uploads.waiting === 1);
      upload.socket.destroy();
      await until(() => t.app.uploads.waiting === 0);
      await until(() => t.app.uploads.inProgress === 1); // only the holder's
    } finally {
      slot.open();
      await holding;
      held.end();
    }
    const later = await someone(t);
    expect(await (await rawUpload(port, later.token, logoForm(later.id, png))).status).toBe(201);
  }, 60_000);
});

describe('the upload queue', () => {
  const limits = { imageJobMs: 200, waitingJobs: 1, inProgress: 2 };

  it('gives up an image job after its time box, with 503, and runs the next', async () => {
    const queue = createUploadQueue(limits);
    const stuck = queue.admit(1, pendingResponse());
    const next = queue.admit(2, pendingResponse());
    const never = stuck.image(() => new Promise<never>(() => undefined));
    const after = next.image(async () => 'done');
    await expect(never).rejects.toMatchObject({ status: 503, message: MESSAGES.serviceUnavailable });
    await expect(after).resolves.toBe('done');
  });

  it('refuses past its limits: a user’s second upload 429, more uploads than it takes 503, a full queue 503', async () => {
    const queue = createUploadQueue(limits);
    const first = queue.admit(1, pendingResponse());
    expect(() => queue.admit(1, pendingResponse())).toThrow(LOGO_MESSAGES.uploadInProgress);
    const second = queue.admit(2, pendingResponse());
    expect(() => queue.admit(3, pendingResponse())).toThrow(AppError);
    const slot = gate();
    const running = first.image(() => slot.closed);
    const waiting = second.image(async () => 'second');
    second.end();
    const third = queue.admit(3, pendingResponse());
    await expect(third.image(async () => 'third')).rejects.toMatchObject({ status: 503 });
    slot.open();
    await running;
    await expect(waiting).resolves.toBe('second');
  });

  it('ends every upload still in progress on shutdown with 503, and refuses new ones', async () => {
    const queue = createUploadQueue(limits);
    const running = queue.admit(1, pendingResponse());
    const job = running.image(() => new Promise<never>(() => undefined));
    queue.abortAll();
    await expect(job).rejects.toMatchObject({ status: 503, message: MESSAGES.shuttingDown });
    // One whose handler only starts now (it passed the drain's check just before) is refused too.
    expect(() => queue.admit(2, pendingResponse())).toThrow(MESSAGES.shuttingDown);
  });
});

describe('slow senders (REQUEST_TIMEOUT_MS)', () => {
  it('cuts a body that does not arrive in time with 408, while a realtime stream open longer lives on', async () => {
    const t = await createTestApp({ REQUEST_TIMEOUT_MS: '1000' });
    try {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as { port: number }).port;
      const user = await someone(t);
      const ticket = await api(t).post(
        'broadcasting/auth',
        { channel_name: REALTIME.loginChannel(user.id) },
        { headers: { authorization: `Bearer ${user.token}` } },
      );
      const stream = await openEventStream(base, ticket.json().data.ticket as string);
      expect(stream.status).toBe(200);

      const slow = await rawUpload(port, user.token, logoForm(user.id, await image()), 40);
      const dribble = setInterval(() => slow.send(Buffer.from('x')), 200);
      try {
        expect(await slow.status).toBe(408);
      } finally {
        clearInterval(dribble);
      }
      expect(stream.ended).toBe(false);
      stream.close();
    } finally {
      await t.close();
    }
  }, 120_000);
});
