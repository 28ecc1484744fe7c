import type { ServerResponse } from 'node:http';
import PQueue from 'p-queue';
import { LOGO_MESSAGES, MESSAGES } from '@portal/contract';
import { AppError } from '../../lib/errors';

/**
 * How much upload work one instance takes on (docs/decisions/0024-abuse-resistance.md):
 * - `imageJobMs`: the time box of one image job (decode, re-encode, thumbnail); a job still running
 *   then is given up (503, nothing stored) and the next one starts.
 * - `waitingJobs`: image jobs waiting for the one slot; beyond it, 503 before anything is done.
 * - `inProgress`: uploads being received, waiting or processed at once; each holds its body (at
 *   most 10 MB) in memory, so this bounds the memory uploads can take.
 */
export const UPLOAD_LIMITS = { imageJobMs: 30_000, waitingJobs: 8, inProgress: 16 };

const busy = () => new AppError(503, MESSAGES.serviceUnavailable, { retryAfterSeconds: 5 });

/**
 * The client went away: nobody is left to answer, the upload's work stops. An AppError so that the
 * error handler's attempt at an answer (on a closed connection) is a quiet 4xx, not a logged 500.
 */
export class UploadAbandoned extends AppError {
  constructor() {
    super(400, MESSAGES.malformedRequest);
    this.name = 'UploadAbandoned';
  }
}

/** One admitted upload: its abort signal (client gone, shutdown) and its way into the image queue. */
export type Upload = {
  signal: AbortSignal;
  /** Runs the upload's image work in the queue: one job at a time, time-boxed, ended by `signal`. */
  image<T>(job: () => Promise<T>): Promise<T>;
  /** The upload is over (answered or abandoned): its user may upload again. */
  end(): void;
};

/**
 * The uploads of one instance. An upload is admitted before its body is read (one per user at a
 * time, at most `inProgress` in all), reads its body on its own, and only then waits for the image
 * slot: a slow or stalled sender holds nothing but its own connection. A queued job whose client
 * hangs up leaves the queue at once; on shutdown every upload still running ends with 503.
 */
export function createUploadQueue(limits = UPLOAD_LIMITS) {
  const images = new PQueue({ concurrency: 1, timeout: limits.imageJobMs });
  const uploads = new Map<number, AbortController>();
  /** Set on shutdown: an upload whose handler starts after it is refused like the ones it ended. */
  let closing = false;
  const restarting = () => new AppError(503, MESSAGES.shuttingDown, { retryAfterSeconds: 5 });

  return {
    /**
     * Admits an upload by `userId` whose answer is `response`: 429 while another of theirs is in
     * progress, 503 when the instance has `inProgress` uploads already.
     */
    admit(userId: number, response: ServerResponse): Upload {
      if (closing) throw restarting();
      if (uploads.has(userId)) throw AppError.tooManyRequests(5, LOGO_MESSAGES.uploadInProgress);
      if (uploads.size >= limits.inProgress) throw busy();
      const controller = new AbortController();
      uploads.set(userId, controller);
      // 'close' before the answer was sent: the client hung up (or its tab closed).
      const closed = () => {
        if (!response.writableFinished) controller.abort(new UploadAbandoned());
      };
      response.once('close', closed);
      return {
        signal: controller.signal,
        async image<T>(job: () => Promise<T>): Promise<T> {
          controller.signal.throwIfAborted();
          if (images.size >= limits.waitingJobs) throw busy();
          try {
            return await images.add(job, { signal: controller.signal });
          } catch (error) {
            if (controller.signal.aborted) throw controller.signal.reason;
            if (error instanceof Error && error.name === 'TimeoutError') throw busy();
            throw error;
          }
        },
        end() {
          response.off('close', closed);
          if (uploads.get(userId) === controller) uploads.delete(userId);
        },
      };
    },

    /** Shutdown: uploads still being received or waiting answer 503 now instead of holding the exit. */
    abortAll() {
      closing = true;
      for (const controller of uploads.values()) controller.abort(restarting());
    },

    /** Image jobs waiting for the slot (not counting the one running). */
    get waiting() {
      return images.size;
    },
    /** Uploads admitted and not yet over. */
    get inProgress() {
      return uploads.size;
    },
  };
}

export type UploadQueue = ReturnType<typeof createUploadQueue>;

/** Resolves with `work`, or rejects with the signal's reason as soon as it aborts. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  // The work goes on after an abort (a body still arriving): its failure then is nobody's.
  work.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const aborted = () => reject(signal.reason as Error);
    signal.addEventListener('abort', aborted, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', aborted);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', aborted);
        reject(error as Error);
      },
    );
  });
}
