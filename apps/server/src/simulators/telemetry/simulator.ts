import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { TelemetryAccount } from '../fixtures';
import { apiDocsHtml } from './api-docs';
import {
  field,
  handOffTokens,
  prepareSimulator,
  randomToken,
  registerAppPage,
  registerHandOffRoutes,
  refuse,
  type Clock,
} from '../kit';

export type TelemetrySimulatorOptions = {
  accounts: TelemetryAccount[];
  /** Where the app page sends a signed-in user: the portal's origin. */
  portalUrl: string;
  now?: Clock;
  /** A session unused for this long has ended (docs/integrations.md: 30 minutes). */
  sessionIdleMs?: number;
  /** The `/_sim/*` test controls (default on; off in production). */
  controls?: boolean;
};

export const TS_SESSION_IDLE_MS = 30 * 60_000;
const SESSION_COOKIE = 'JSESSIONID';
const BAD_CREDENTIALS = 'Invalid email or password.';
const SESSION_ENDED = 'Your session has expired.';

/** The JSESSIONID of a request's Cookie header. */
function sessionIdOf(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=');
  }
  return null;
}

/**
 * Tattle Systems simulator (docs/integrations.md "TS"): sign-in opens a JSESSIONID session that ends
 * after `sessionIdleMs` unused; `expireSessions` (and `POST /_sim/expire-sessions`, which is not
 * part of TS's API) ends sessions at will, so tests need not wait half an hour.
 */
export function createTelemetrySimulator(options: TelemetrySimulatorOptions) {
  const now = options.now ?? (() => new Date());
  const idleMs = options.sessionIdleMs ?? TS_SESSION_IDLE_MS;
  const sessions = new Map<string, { accountId: string; lastUsed: number }>();
  const handOff = handOffTokens(now);
  const byEmail = (email: string) =>
    options.accounts.find((a) => a.email.toLowerCase() === email.trim().toLowerCase());
  const byId = (id: string) => options.accounts.find((a) => a.id === id);
  const presentUser = (a: TelemetryAccount) => ({
    id: a.id,
    username: a.username ?? null,
    email: a.email,
    name: a.name,
  });

  const signIn = (email: string, password: string) => {
    const account = byEmail(email);
    return account && account.password === password ? account : undefined;
  };

  function openSession(account: TelemetryAccount): string {
    const at = now().getTime();
    for (const [id, s] of sessions) if (at - s.lastUsed > idleMs) sessions.delete(id);
    const id = randomToken();
    sessions.set(id, { accountId: account.id, lastUsed: at });
    return id;
  }

  /** The account of a live session (and the session is used: its idle time starts again). */
  function accountOfSession(request: FastifyRequest) {
    const id = sessionIdOf(request);
    const session = id ? sessions.get(id) : undefined;
    if (!id || !session) return undefined;
    const at = now().getTime();
    if (at - session.lastUsed > idleMs) {
      sessions.delete(id);
      return undefined;
    }
    session.lastUsed = at;
    return byId(session.accountId);
  }

  /** Ends every session (of one account when an email is given); answers how many ended. */
  function expireSessions(email?: string): number {
    const account = email ? byEmail(email) : undefined;
    let ended = 0;
    for (const [id, s] of sessions) {
      if (!email || s.accountId === account?.id) {
        sessions.delete(id);
        ended += 1;
      }
    }
    return ended;
  }

  const plugin: FastifyPluginAsync = async (app) => {
    prepareSimulator(app);

    app.post('/api/login', async (request, reply) => {
      const email = field(request.body, 'email');
      const password = field(request.body, 'password');
      if (!email || !password) return refuse(reply, 422, 'The email and password are required.');
      const account = signIn(email, password);
      if (!account) return refuse(reply, 401, BAD_CREDENTIALS);
      reply.header('set-cookie', `${SESSION_COOKIE}=${openSession(account)}; Path=/; HttpOnly; SameSite=Lax`);
      return { user: presentUser(account) };
    });

    app.get('/api/user', async (request, reply) => {
      const account = accountOfSession(request);
      return account ? presentUser(account) : refuse(reply, 401, SESSION_ENDED);
    });

    registerHandOffRoutes(app, handOff, {
      callerOf: (request) => accountOfSession(request)?.id,
      userOf: (id) => {
        const account = byId(id);
        return account && presentUser(account);
      },
      unauthenticated: SESSION_ENDED,
    });

    // Not part of TS's API: lets tests (and demos) end sessions without waiting 30 minutes.
    if (options.controls !== false)
      app.post('/_sim/expire-sessions', async (request) => ({
        ended: expireSessions(field(request.body, 'email') || undefined),
      }));

    app.get('/docs', async (_request, reply) => reply.type('text/html').send(apiDocsHtml()));

    registerAppPage(app, handOff, {
      page: { product: 'Tattle Systems', usernameLabel: 'Email', accent: '#4c3fbf', withCode: false },
      portalUrl: options.portalUrl,
      signIn: (body) => {
        const account = signIn(field(body, 'username'), field(body, 'password'));
        return account ? { accountId: account.id } : { error: BAD_CREDENTIALS };
      },
    });
  };

  return { plugin, accounts: options.accounts, expireSessions };
}

export type TelemetrySimulator = ReturnType<typeof createTelemetrySimulator>;
