import { z } from 'zod';
import { LINKED_APP_MESSAGES, LINKED_APP_NAMES } from '@portal/contract';
import { externalUserSchema, type ExternalSignInResult } from '../external-user';
import { introspectHandOff } from '../hand-off';
import { createRemote, remoteMessage, type RemoteOptions } from '../remote';

const NAME = LINKED_APP_NAMES.ts;
const SESSION_COOKIE = 'JSESSIONID';

const signedInSchema = z.object({ user: externalUserSchema });
/** A session id as a cookie value may carry it: no separators, no spaces. */
const sessionIdSchema = z.string().regex(/^[\w.~+/=-]{8,512}$/);

export type TelemetrySignIn = ExternalSignInResult<{ sessionId: string }>;

/** The JSESSIONID of a Set-Cookie answer, or null. */
function sessionCookie(headers: Headers): string | null {
  for (const cookie of headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0 && pair.slice(0, eq).trim() === SESSION_COOKIE) {
      const parsed = sessionIdSchema.safeParse(pair.slice(eq + 1).trim());
      return parsed.success ? parsed.data : null;
    }
  }
  return null;
}

/**
 * Tattle Systems (docs/integrations.md "TS"): sign-in by email, which opens a TS session (the JSESSIONID
 * cookie), the user of a session, and the hand-off token check. The session id is a secret.
 */
export function createTelemetryClient(options: Omit<RemoteOptions, 'system'>) {
  const remote = createRemote({ ...options, system: NAME });

  return {
    system: NAME,

    /** GET of the API's base URL, for `npm run doctor`: any HTTP status means it answers; throws when it does not. */
    async reachable(): Promise<number> {
      return (await remote.send({ method: 'GET', path: '/', idempotent: true })).status;
    },

    /** POST /api/login: 200 with the JSESSIONID cookie, or 401 refused. */
    async signIn(credentials: { email: string; password: string }): Promise<TelemetrySignIn> {
      const answer = await remote.send({ method: 'POST', path: '/api/login', body: credentials });
      if (answer.status === 200) {
        const { user } = remote.read(answer, signedInSchema, 'sign-in');
        const sessionId = sessionCookie(answer.headers);
        if (!sessionId) throw remote.unexpected(answer, 'sign-in without a session cookie');
        return { kind: 'signed-in', user, sessionId };
      }
      if (answer.status === 401 || answer.status === 422) {
        return { kind: 'rejected', message: remoteMessage(answer.body, LINKED_APP_MESSAGES.rejected(NAME)) };
      }
      throw remote.unexpected(answer, 'sign-in');
    },

    /** GET /api/user with the session cookie: the user, or null when the session has ended. */
    async currentUser(sessionId: string) {
      const answer = await remote.send({
        method: 'GET',
        path: '/api/user',
        headers: { cookie: `${SESSION_COOKIE}=${sessionId}` },
        idempotent: true,
      });
      if (answer.status === 401) return null;
      if (answer.status !== 200) throw remote.unexpected(answer, 'user');
      return remote.read(answer, externalUserSchema, 'user');
    },

    /** The user a hand-off token names (once, within 60 s), or null. */
    introspect: (token: string) => introspectHandOff(remote, token),
  };
}

export type TelemetryClient = ReturnType<typeof createTelemetryClient>;
