import { expect } from 'vitest';
import { IDP_SIMULATOR_OTHER_CLIENT } from '../simulators/idp/simulator';
import type { TestApp } from './app';
import { api } from './http';

/** The demo accounts' domain of the identity provider simulator (config SSO_SIMULATOR_DOMAIN's default). */
export const SSO_DOMAIN = 'sso.example.com';

/** A browser at the simulator: follows its redirects with its cookies, signs in as `account`. */
export async function signInAtSimulator(t: TestApp, authorizationUrl: string, account: string) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (setCookie: string | string[] | undefined) => {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      jar.set(name!.trim(), value ?? '');
    }
  };
  let url = new URL(authorizationUrl);
  let res = await t.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: { cookie: cookieHeader() },
  });
  keep(res.headers['set-cookie']);
  expect(res.statusCode).toBe(303);
  const interaction = String(res.headers.location);
  expect(interaction).toMatch(/\/sim\/idp\/interaction\//);
  res = await t.app.inject({ method: 'GET', url: interaction, headers: { cookie: cookieHeader() } });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('Alex Verified');
  res = await t.app.inject({
    method: 'POST',
    url: interaction,
    headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: `account=${account}`,
  });
  keep(res.headers['set-cookie']);
  expect(res.statusCode).toBe(303);
  url = new URL(String(res.headers.location), authorizationUrl);
  res = await t.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: { cookie: cookieHeader() },
  });
  keep(res.headers['set-cookie']);
  expect(res.statusCode).toBe(303);
  return new URL(String(res.headers.location));
}

/** Starts a sign-in at the portal with `providerId`, signs in at the simulator: the callback's parameters. */
export async function startAndSignIn(t: TestApp, providerId: number, account: string) {
  const started = await api(t).post('auth/sso/start', { provider_id: providerId });
  expect(started.statusCode).toBe(200);
  const { url, attempt } = started.json().data as { url: string; attempt: string };
  const back = await signInAtSimulator(t, url, account);
  expect(back.pathname).toBe('/sso/callback');
  const query = Object.fromEntries(back.searchParams);
  return { url: new URL(url), attempt, query, body: { attempt, ...query } as Record<string, string> };
}

/**
 * An ID token the simulator signed for the other client, with the nonce of the portal's attempt:
 * valid in every way but its audience.
 */
export async function otherAudienceToken(t: TestApp, portalUrl: URL): Promise<string> {
  const verifier = 'o'.repeat(43);
  const challenge = (await import('node:crypto')).createHash('sha256').update(verifier).digest('base64url');
  const other = new URL(portalUrl);
  other.searchParams.set('client_id', IDP_SIMULATOR_OTHER_CLIENT.id);
  other.searchParams.set('code_challenge', challenge);
  other.searchParams.set('state', 'other-state');
  const back = await signInAtSimulator(t, other.href, 'alex');
  const token = await t.app.inject({
    method: 'POST',
    url: '/sim/idp/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${IDP_SIMULATOR_OTHER_CLIENT.id}:${IDP_SIMULATOR_OTHER_CLIENT.secret}`).toString('base64')}`,
    },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: `${t.config.appUrl}/sso/callback`,
      code_verifier: verifier,
    }).toString(),
  });
  expect(token.statusCode).toBe(200);
  return token.json().id_token as string;
}
