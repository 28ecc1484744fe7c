import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DispatchAccount } from '../fixtures';
import {
  bearerOf,
  field,
  handOffTokens,
  prepareSimulator,
  randomToken,
  registerAppPage,
  registerHandOffRoutes,
  refuse,
  type Clock,
} from '../kit';

export type DispatchSimulatorOptions = {
  accounts: DispatchAccount[];
  /** Where the app page sends a signed-in user: the portal's origin. */
  portalUrl: string;
  now?: Clock;
  /** Lifetime of an access token (LD answers it as expires_in). */
  accessTokenTtlSeconds?: number;
};

const CODE_NEEDED = 'Enter the one-time code Live Dispatch sent to your phone.';
const BAD_CREDENTIALS = 'Invalid username or password.';
const BAD_CODE = 'The one-time code is invalid.';
const BAD_TOKEN = 'The token is invalid or has expired.';

/**
 * Live Dispatch simulator (docs/integrations.md "LD"): exactly the API subset the portal's client speaks,
 * with the demo and fixture accounts, plus the small app page a linked card opens.
 */
export function createDispatchSimulator(options: DispatchSimulatorOptions) {
  const now = options.now ?? (() => new Date());
  const ttlSeconds = options.accessTokenTtlSeconds ?? 3600;
  const accessTokens = new Map<string, { accountId: string; expiresAt: number }>();
  const refreshTokens = new Map<string, string>();
  const handOff = handOffTokens(now);
  const byUsername = (username: string) =>
    options.accounts.find((a) => a.username.toLowerCase() === username.trim().toLowerCase());
  const byId = (id: string) => options.accounts.find((a) => a.id === id);

  const presentUser = (a: DispatchAccount) => ({
    id: a.id,
    username: a.username,
    email: a.email ?? null,
    name: a.name,
    client_name: a.client_name ?? null,
    branch_name: a.branch_name ?? null,
  });

  function issueTokens(account: DispatchAccount) {
    const at = now().getTime();
    for (const [token, entry] of accessTokens) if (entry.expiresAt <= at) accessTokens.delete(token);
    const access = randomToken();
    const refresh = randomToken();
    accessTokens.set(access, { accountId: account.id, expiresAt: at + ttlSeconds * 1000 });
    refreshTokens.set(refresh, account.id);
    return { access_token: access, refresh_token: refresh, expires_in: ttlSeconds };
  }

  /** The account of a sign-in, or why not: the same rules for the API and the app page. */
  function signIn(username: string, password: string, code: string) {
    const account = byUsername(username);
    if (!account || account.password !== password) return { status: 401, message: BAD_CREDENTIALS } as const;
    if (account.code && !code) return { status: 202, message: CODE_NEEDED } as const;
    if (account.code && code.trim() !== account.code) return { status: 401, message: BAD_CODE } as const;
    return { status: 200, account } as const;
  }

  const accountOfBearer = (request: FastifyRequest) => {
    const token = bearerOf(request.headers.authorization);
    const entry = token ? accessTokens.get(token) : undefined;
    if (!entry || entry.expiresAt <= now().getTime()) return undefined;
    return byId(entry.accountId);
  };

  const plugin: FastifyPluginAsync = async (app) => {
    prepareSimulator(app);

    app.post('/api/auth/login', async (request, reply) => {
      const username = field(request.body, 'username');
      const password = field(request.body, 'password');
      if (!username || !password) return refuse(reply, 422, 'The username and password are required.');
      const result = signIn(username, password, field(request.body, 'code'));
      if (result.status !== 200) return refuse(reply, result.status, result.message);
      return { user: presentUser(result.account), ...issueTokens(result.account) };
    });

    app.post('/api/auth/refresh', async (request, reply) => {
      const token = field(request.body, 'refresh_token');
      const account = byId(refreshTokens.get(token) ?? '');
      if (!account) return refuse(reply, 401, BAD_TOKEN);
      refreshTokens.delete(token);
      return issueTokens(account);
    });

    app.get('/api/me', async (request, reply) => {
      const account = accountOfBearer(request);
      return account ? presentUser(account) : refuse(reply, 401, 'Unauthenticated.');
    });

    registerHandOffRoutes(app, handOff, {
      callerOf: (request) => accountOfBearer(request)?.id,
      userOf: (id) => {
        const account = byId(id);
        return account && presentUser(account);
      },
      unauthenticated: 'Unauthenticated.',
    });

    registerAppPage(app, handOff, {
      page: { product: 'Live Dispatch', usernameLabel: 'Username', accent: '#d9480f', withCode: true },
      portalUrl: options.portalUrl,
      signIn: (body) => {
        const result = signIn(field(body, 'username'), field(body, 'password'), field(body, 'code'));
        if (result.status === 200) return { accountId: result.account.id };
        return { error: result.message };
      },
    });
  };

  return { plugin, accounts: options.accounts };
}

export type DispatchSimulator = ReturnType<typeof createDispatchSimulator>;
