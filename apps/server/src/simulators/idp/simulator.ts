import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { field } from '../kit';

/** A person at the simulated identity provider. */
export type IdpAccount = { id: string; name: string; email: string; emailVerified: boolean };

export type IdpSimulatorOptions = {
  /** The issuer: the portal's origin + the mount path (`{APP_URL}/sim/idp`). */
  issuer: string;
  /** Where the portal's client may be sent back to (`{APP_URL}/sso/callback`). */
  redirectUri: string;
  /** The domain of the demo accounts' emails. */
  domain: string;
};

/** The portal's client at the simulator (docs/integrations.md "Identity provider simulator"). */
export const IDP_SIMULATOR_CLIENT = { id: 'portal', secret: 'portal-simulator-secret' } as const;
/** A second client, so tests can hold a token made for another audience. */
export const IDP_SIMULATOR_OTHER_CLIENT = { id: 'other-app', secret: 'other-app-secret' } as const;

/** The demo accounts: one whose email the provider verified, one whose email it did not. */
export const idpDemoAccounts = (domain: string): IdpAccount[] => [
  { id: 'alex', name: 'Alex Verified', email: `alex@${domain}`, emailVerified: true },
  { id: 'uma', name: 'Uma Unverified', email: `uma@${domain}`, emailVerified: false },
];

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function loginPageHtml(action: string, client: string, accounts: IdpAccount[]): string {
  const buttons = accounts
    .map(
      (a) => `<button type="submit" name="account" value="${escapeHtml(a.id)}">
<strong>${escapeHtml(a.name)}</strong><span>${escapeHtml(a.email)} · ${a.emailVerified ? 'email verified' : 'email not verified'}</span></button>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Example identity provider (simulator)</title>
<style>
body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1d2433}
header{background:#4b3fb5;color:#fff;padding:18px 32px}header h1{margin:0;font-size:22px}
header p{margin:2px 0 0;opacity:.85;font-size:13px}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px #0001}
h2{margin:0 0 6px;font-size:18px}p.lead{margin:0 0 18px;color:#5c6475}
button{display:block;width:100%;text-align:left;margin:0 0 12px;padding:12px 14px;border:1px solid #c9ced8;border-radius:8px;background:#fff;font:inherit;cursor:pointer}
button:hover{border-color:#4b3fb5}button span{display:block;color:#5c6475;font-size:13px}
.cancel{text-align:center;border:0;color:#4b3fb5}
</style></head>
<body><header><h1>Example identity provider</h1><p>Simulator served by the Customer Portal for demos and tests</p></header>
<main><h2>Sign in</h2><p class="lead">Choose a demo account to sign in to ${escapeHtml(client)}.</p>
<form method="post" action="${escapeHtml(action)}">${buttons}
<button class="cancel" type="submit" name="account" value="">Cancel</button></form></main></body></html>`;
}

/**
 * The identity provider simulator: `oidc-provider` (loaded here, only where the simulator runs: never
 * in production) (a certified OpenID provider) at `/sim/idp`, with
 * the demo accounts above and a one-click sign-in page instead of passwords. Its state (sessions,
 * codes) is in memory: it stands in for another company's server. Mounted outside production only.
 */
export async function createIdpSimulator(options: IdpSimulatorOptions) {
  const { default: Provider } = await import('oidc-provider');
  const accounts = idpDemoAccounts(options.domain);
  const mountPath = new URL(options.issuer).pathname.replace(/\/$/, '');
  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: IDP_SIMULATOR_CLIENT.id,
        client_secret: IDP_SIMULATOR_CLIENT.secret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      {
        client_id: IDP_SIMULATOR_OTHER_CLIENT.id,
        client_secret: IDP_SIMULATOR_OTHER_CLIENT.secret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // A signing key of this process (the portal learns it from the JWKS endpoint, as from any provider).
    jwks: {
      keys: [
        {
          ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
          kid: 'sim',
          use: 'sig',
          alg: 'RS256',
        },
      ],
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The email is in the ID token itself, as most providers put it there.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction) => `${mountPath}/interaction/${interaction.uid}`,
    },
    // First-party: no consent screen, every requested scope is granted.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const account = accounts.find((a) => a.id === id);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: () => ({
          sub: account.id,
          name: account.name,
          email: account.email,
          email_verified: account.emailVerified,
        }),
      };
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><h1>Error</h1><p>${escapeHtml(String(out.error))}: ${escapeHtml(String(out.error_description ?? ''))}</p></body></html>`;
    },
  });
  const handle = provider.callback();

  /** Hands a request to the provider, the mount path taken off its URL (as an Express mount does). */
  const toProvider = (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
    const url = req.url ?? '/';
    req.originalUrl = url;
    req.url = url.slice(mountPath.length) || '/';
    return handle(req, res);
  };

  /** Test control: the ID token of the next token answer is replaced (a provider that misbehaves). */
  const tamper: { idToken?: string } = {};

  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    // Bodies are the provider's to read, except the sign-in page's own form.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    app.get<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
      reply.hijack();
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const client = await provider.Client.find(String(details.params.client_id));
        reply.raw.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        reply.raw.end(
          loginPageHtml(
            `${mountPath}/interaction/${details.uid}`,
            client?.clientId === IDP_SIMULATOR_CLIENT.id
              ? 'the Customer Portal'
              : (client?.clientId ?? 'the application'),
            accounts,
          ),
        );
      } catch {
        reply.raw.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        reply.raw.end('This sign-in has expired. Start again from the application.');
      }
    });

    app.post<{ Params: { uid: string } }>('/interaction/:uid', async (request, reply) => {
      reply.hijack();
      const chunks: Buffer[] = [];
      for await (const chunk of request.raw) chunks.push(chunk as Buffer);
      const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const accountId = field(body, 'account');
      const result = accounts.some((a) => a.id === accountId)
        ? { login: { accountId } }
        : { error: 'access_denied', error_description: 'The person cancelled the sign-in.' };
      try {
        await provider.interactionFinished(request.raw, reply.raw, result, {
          mergeWithLastSubmission: false,
        });
      } catch {
        reply.raw.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        reply.raw.end('This sign-in has expired. Start again from the application.');
      }
    });

    app.all('/*', (request, reply) => {
      reply.hijack();
      void toProvider(request.raw, reply.raw);
    });
    app.all('/', (request, reply) => {
      reply.hijack();
      void toProvider(request.raw, reply.raw);
    });
  };

  return { plugin, accounts, tamper, issuer: options.issuer, client: IDP_SIMULATOR_CLIENT };
}

export type IdpSimulator = Awaited<ReturnType<typeof createIdpSimulator>>;
