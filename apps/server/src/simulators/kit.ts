import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the LD and TS simulators share: their clock, random tokens, the single-use hand-off tokens
 * of `/api/sso/*`, JSON error answers, and the small "app" page a linked card opens.
 * Simulator state lives in memory: it stands in for another company's server, not for our data.
 */

export type Clock = () => Date;

export const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url');

/** Hand-off tokens (docs/integrations.md): honoured once, within this long of being minted. */
export const HAND_OFF_TTL_MS = 60_000;

/** Single-use, short-lived tokens naming an account: what `POST /api/sso/token` mints. */
export function handOffTokens(now: Clock) {
  const tokens = new Map<string, { account: string; expiresAt: number }>();
  return {
    mint(account: string): string {
      const at = now().getTime();
      for (const [token, entry] of tokens) if (entry.expiresAt <= at) tokens.delete(token);
      const token = randomToken(32);
      tokens.set(token, { account, expiresAt: at + HAND_OFF_TTL_MS });
      return token;
    },
    /** The account, once; null when unknown, used or expired. */
    redeem(token: string): string | null {
      const entry = tokens.get(token);
      if (!entry) return null;
      tokens.delete(token);
      return entry.expiresAt > now().getTime() ? entry.account : null;
    },
  };
}

/** JSON and form bodies read by hand: the simulator does not depend on the portal's validators. */
export function prepareSimulator(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    void reply.status(status).send({ message: status < 500 ? 'Bad request.' : 'Server error.' });
  });
}

/** A string field of a parsed body, or '' (bodies are untrusted input). */
export function field(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

export const refuse = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).send({ message });

export const bearerOf = (header: string | undefined) => /^Bearer (\S+)$/i.exec(header ?? '')?.[1] ?? null;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export type AppPage = {
  /** "Live Dispatch" */
  product: string;
  /** Label of the sign-in name: "Username" (LD) or "Email" (TS). */
  usernameLabel: string;
  /** Accent colour of the page. */
  accent: string;
  /** Ask for a one-time code too (LD accounts may need one). */
  withCode: boolean;
  /** Where the form posts, relative to the page: `handoff`. */
  action: string;
  error?: string;
  username?: string;
};

/**
 * The simulator's own "app": what the portal's card opens. It has no script (the portal's CSP
 * applies when mounted); its one form signs in here and sends the user to the portal's
 * `/ext-login?token=…` — the hand-off a real LD or TS performs.
 */
export function appPageHtml(page: AppPage): string {
  const error = page.error ? `<p class="error" role="alert">${escapeHtml(page.error)}</p>` : '';
  const code = page.withCode
    ? `<label>One-time code (only if your account uses one)<input name="code" autocomplete="one-time-code" inputmode="numeric"></label>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.product)} (simulator)</title>
<style>
body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1d2433}
header{background:${page.accent};color:#fff;padding:18px 32px}
header h1{margin:0;font-size:22px}header p{margin:2px 0 0;opacity:.85;font-size:13px}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px #0001}
h2{margin:0 0 6px;font-size:18px}p.lead{margin:0 0 18px;color:#5c6475}
label{display:block;margin:0 0 14px;font-weight:500;font-size:14px}
input{display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:9px 11px;border:1px solid #c9ced8;border-radius:8px;font:inherit}
button{width:100%;padding:10px;border:0;border-radius:8px;background:${page.accent};color:#fff;font:inherit;font-weight:600;cursor:pointer}
.error{background:#fde8e8;color:#9b1c1c;padding:10px 12px;border-radius:8px}
</style></head>
<body><header><h1>${escapeHtml(page.product)}</h1><p>Simulator served by the Customer Portal for demos and tests</p></header>
<main><h2>Go to the Customer Portal</h2>
<p class="lead">Sign in with your ${escapeHtml(page.product)} account to open the portal without typing your portal password.</p>
${error}<form method="post" action="${escapeHtml(page.action)}">
<label>${escapeHtml(page.usernameLabel)}<input name="username" autocomplete="username" required value="${escapeHtml(page.username ?? '')}"></label>
<label>Password<input name="password" type="password" autocomplete="current-password" required></label>
${code}<button type="submit">Open the Customer Portal</button></form></main></body></html>`;
}

/** The portal page that takes a hand-off token. */
export const handOffUrl = (portalUrl: string, token: string) =>
  `${portalUrl.replace(/\/$/, '')}/ext-login?token=${encodeURIComponent(token)}`;

/**
 * Where an app page's form posts, absolute and from the request: the page is reached as `/sim/ld`
 * and `/sim/ld/` alike (at `/` when the simulator has its own port), and a relative action would
 * resolve differently for each. The form's own answer (a refusal) is served at `…/handoff`.
 */
export function formAction(url: string): string {
  const path = url.split('?')[0]!;
  const base = path.endsWith('/handoff') ? path.slice(0, -'handoff'.length) : path.replace(/\/?$/, '/');
  return `${base}handoff`;
}

type HandOffTokens = ReturnType<typeof handOffTokens>;

/**
 * `POST /api/sso/token` (mint, for the signed-in caller) and `POST /api/sso/introspect` (redeem,
 * once): the hand-off both LD and TS speak.
 */
export function registerHandOffRoutes(
  app: FastifyInstance,
  handOff: HandOffTokens,
  options: {
    /** The account id of the caller of `/api/sso/token` (its bearer token or session cookie). */
    callerOf(request: FastifyRequest): string | undefined;
    /** The user object the system answers for an account id. */
    userOf(accountId: string): object | undefined;
    unauthenticated: string;
  },
) {
  app.post('/api/sso/token', async (request, reply) => {
    const accountId = options.callerOf(request);
    return accountId ? { token: handOff.mint(accountId) } : refuse(reply, 401, options.unauthenticated);
  });
  app.post('/api/sso/introspect', async (request, reply) => {
    const accountId = handOff.redeem(field(request.body, 'token'));
    const user = accountId ? options.userOf(accountId) : undefined;
    return user ? { user } : refuse(reply, 401, 'The token is invalid or has expired.');
  });
}

/**
 * The app page at `/` and its form at `/handoff`: a sign-in here sends the user to the portal with
 * a fresh hand-off token (303); a refusal shows the page again with the reason.
 */
export function registerAppPage(
  app: FastifyInstance,
  handOff: HandOffTokens,
  options: {
    page: Omit<AppPage, 'action' | 'error' | 'username'>;
    portalUrl: string;
    signIn(body: unknown): { accountId: string } | { error: string };
  },
) {
  const render = (url: string, extra: Pick<AppPage, 'error' | 'username'> = {}) =>
    appPageHtml({ ...options.page, action: formAction(url), ...extra });

  app.get('/', async (request, reply) => reply.type('text/html').send(render(request.url)));

  app.post('/handoff', async (request, reply) => {
    const result = options.signIn(request.body);
    if ('error' in result) {
      return reply
        .status(401)
        .type('text/html')
        .send(render(request.url, { error: result.error, username: field(request.body, 'username') }));
    }
    return reply.redirect(handOffUrl(options.portalUrl, handOff.mint(result.accountId)), 303);
  });
}
