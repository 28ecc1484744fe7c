import { z } from 'zod';
import { LINKED_APP_MESSAGES, LINKED_APP_NAMES } from '@portal/contract';
import { externalUserSchema, type ExternalSignInResult } from '../external-user';
import { introspectHandOff } from '../hand-off';
import { createRemote, remoteMessage, type RemoteOptions } from '../remote';

const NAME = LINKED_APP_NAMES.ld;

const tokensSchema = z.object({
  access_token: z.string().min(1).max(4096),
  refresh_token: z.string().min(1).max(4096),
  expires_in: z.number().int().positive().optional(),
});
const signedInSchema = tokensSchema.extend({ user: externalUserSchema });

export type DispatchTokens = { accessToken: string; refreshToken: string; expiresAt: Date | null };
export type DispatchSignIn = ExternalSignInResult<{ tokens: DispatchTokens }>;

/**
 * Live Dispatch (docs/integrations.md "LD"): sign-in with an optional one-time code, the current user,
 * and the hand-off token check. Tokens it returns are secrets: callers store them sealed.
 */
export function createDispatchClient(options: Omit<RemoteOptions, 'system'> & { now?: () => Date }) {
  const remote = createRemote({ ...options, system: NAME });
  const now = options.now ?? (() => new Date());
  const tokensOf = (body: z.infer<typeof tokensSchema>): DispatchTokens => ({
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: body.expires_in ? new Date(now().getTime() + body.expires_in * 1000) : null,
  });

  return {
    system: NAME,

    /** GET of the API's base URL, for `npm run doctor`: any HTTP status means it answers; throws when it does not. */
    async reachable(): Promise<number> {
      return (await remote.send({ method: 'GET', path: '/', idempotent: true })).status;
    },

    /** POST /api/auth/login: 200 signed in, 202 a one-time code is needed, 401/422 refused. */
    async signIn(credentials: {
      username: string;
      password: string;
      code?: string;
    }): Promise<DispatchSignIn> {
      const answer = await remote.send({
        method: 'POST',
        path: '/api/auth/login',
        body: {
          username: credentials.username,
          password: credentials.password,
          ...(credentials.code && { code: credentials.code }),
        },
      });
      if (answer.status === 200) {
        const body = remote.read(answer, signedInSchema, 'sign-in');
        return { kind: 'signed-in', user: body.user, tokens: tokensOf(body) };
      }
      if (answer.status === 202) {
        return {
          kind: 'code-required',
          message: remoteMessage(answer.body, 'Enter the code Live Dispatch sent you.'),
        };
      }
      if (answer.status === 401 || answer.status === 422) {
        return { kind: 'rejected', message: remoteMessage(answer.body, LINKED_APP_MESSAGES.rejected(NAME)) };
      }
      throw remote.unexpected(answer, 'sign-in');
    },

    /** GET /api/me with an access token: the user, or null when LD no longer accepts the token. */
    async currentUser(accessToken: string) {
      const answer = await remote.send({
        method: 'GET',
        path: '/api/me',
        headers: { authorization: `Bearer ${accessToken}` },
        idempotent: true,
      });
      if (answer.status === 401) return null;
      if (answer.status !== 200) throw remote.unexpected(answer, 'me');
      return remote.read(answer, externalUserSchema, 'me');
    },

    /** The user a hand-off token names (once, within 60 s), or null. */
    introspect: (token: string) => introspectHandOff(remote, token),
  };
}

export type DispatchClient = ReturnType<typeof createDispatchClient>;
