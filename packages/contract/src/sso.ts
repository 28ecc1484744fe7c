import * as z from 'zod/mini';
import { coercedId, id, text } from './rules';

/**
 * Single sign-on with OpenID Connect identity providers (docs/decisions/0043-single-sign-on.md):
 * providers an admin configures, the sign-in flow (Authorization Code + PKCE), and the links between
 * portal users and the identities that sign them in.
 */
export const SSO_MESSAGES = {
  /** 401: the password sign-in of someone whose email domain must use single sign-on. */
  ssoRequired: (provider: string) =>
    `Your organisation signs in with ${provider}. Use "Continue with ${provider}" on the sign-in page.`,
  continueWith: (provider: string) => `Continue with ${provider}`,
  /** Web only: the page is open at another address than the portal's own (APP_URL), where the provider returns. */
  wrongAddress: (origin: string) => `Single sign-on works at ${origin}. Open the portal there to continue.`,
  /** 401 at the callback: the attempt is unknown, used, expired or not this browser's. */
  attemptInvalid: 'This sign-in attempt has expired or was already used. Please start again.',
  /** 401: the identity provider's answer did not check out (wrong token, audience, nonce, PKCE…). */
  providerRefused: 'The identity provider could not confirm who you are. Please try again.',
  /** 401: the provider said the person cancelled or failed there. */
  cancelled: 'Single sign-on was cancelled or refused by the identity provider.',
  /** 502: discovery or the token endpoint could not be reached. */
  providerUnavailable: (provider: string) =>
    `${provider} is not available right now. Please try again later or contact your administrator.`,
  /** 401: an unverified email cannot be matched to, or make, a portal account. */
  emailNotVerified:
    'Your identity provider has not verified your email address, so the portal cannot sign you in with it. Contact your administrator.',
  /** 401: no portal user for the email and the provider does not create users. */
  noAccount:
    'There is no portal account for your email address. Ask your administrator to create one, then continue again.',
  /** 401: the email's domain is not one the provider serves. */
  wrongDomain:
    'Your identity provider signed you in with an email address it does not serve for this portal.',
  /** 401: blocked users are refused as at a password sign-in. */
  blocked: 'Your account is blocked. Contact your administrator.',
  /** 409: the portal user is already linked to another identity at this provider. */
  otherIdentity:
    'Your portal account is already linked to another identity at this provider. Ask an administrator to remove that link.',
  providerDisabled: 'This identity provider is turned off.',
  domainTaken: (domain: string, provider: string) => `${domain} is already served by ${provider}.`,
  domainInvalid: 'Each domain must be a domain name such as example.com.',
  issuerHttps: 'The issuer URL must use https.',
  issuerInvalid: 'The issuer URL must be an http or https URL.',
  unknownRole: 'The selected role is invalid.',
  providerSaved: 'Identity provider saved.',
  providerDeleted: 'Identity provider deleted.',
  linkRemoved: 'Single sign-on link removed.',
  noLinks: 'No identity is linked to your account.',
} as const;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** A body's domain list: each a domain name (the server stores them trimmed and lower-cased, once each). */
const domainList = z.array(text().check(z.maxLength(253))).check(
  z.maxLength(50),
  z.refine((domains) => domains.every((d) => DOMAIN.test(d.trim())), { error: SSO_MESSAGES.domainInvalid }),
);

/**
 * An issuer: an http(s) URL without query or fragment (OpenID Connect Discovery §3). Checked by hand:
 * the zod URL check would ride in the first load of /login.
 */
const httpUrl = (value: string) => /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[^\s?#]*)?$/i.test(value);

/** POST sso/providers, PUT sso/providers/{id}: an empty or absent client_secret keeps the stored one. */
export const saveSsoProviderRequestSchema = z.object({
  name: text().check(z.trim(), z.minLength(1), z.maxLength(100)),
  issuer: text().check(z.trim(), z.maxLength(500), z.refine(httpUrl, { error: SSO_MESSAGES.issuerInvalid })),
  client_id: text().check(z.trim(), z.minLength(1), z.maxLength(255)),
  client_secret: z.optional(text().check(z.maxLength(1000))),
  domains: domainList,
  role_id: id(),
  create_users: z.boolean(),
  sso_required: z.boolean(),
  enabled: z.boolean(),
});
export type SaveSsoProviderRequest = z.infer<typeof saveSsoProviderRequestSchema>;
export type SaveSsoProviderForm = z.input<typeof saveSsoProviderRequestSchema>;

export const ssoProviderParamsSchema = z.object({ id: coercedId() });
export const ssoLinkParamsSchema = z.object({ id: coercedId() });

/** An identity provider as admins see it: never the secret, only whether one is stored. */
export const ssoProviderSchema = z.object({
  id: z.number(),
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  has_client_secret: z.boolean(),
  domains: z.array(z.string()),
  role_id: z.number(),
  create_users: z.boolean(),
  sso_required: z.boolean(),
  enabled: z.boolean(),
  /** Where the provider must send people back (register it there). */
  redirect_uri: z.string(),
  links: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;
export const ssoProviderListSchema = z.array(ssoProviderSchema);

/** A link between a portal user and an identity at a provider. */
export const ssoLinkSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  user_name: z.string(),
  provider_id: z.number(),
  provider_name: z.string(),
  subject: z.string(),
  email: z.nullable(z.string()),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type SsoLink = z.infer<typeof ssoLinkSchema>;
export const ssoLinkListSchema = z.array(ssoLinkSchema);

/** GET auth/sso/lookup?email=: the provider serving the email's domain, if any. */
export const ssoLookupQuerySchema = z.object({ email: text().check(z.trim(), z.maxLength(255)) });
export const ssoLookupSchema = z.nullable(z.object({ id: z.number(), name: z.string() }));
export type SsoLookup = z.infer<typeof ssoLookupSchema>;

/** POST auth/sso/start. */
export const ssoStartRequestSchema = z.object({ provider_id: id() });
/** Where to send the browser, and the attempt's secret the same browser must bring back. */
export const ssoStartSchema = z.object({ url: z.string(), attempt: z.string() });
export type SsoStart = z.infer<typeof ssoStartSchema>;

/** POST auth/sso/callback: what the provider put in the redirect's query, and the attempt's secret. */
export const ssoCallbackRequestSchema = z.object({
  attempt: text().check(z.minLength(1), z.maxLength(200)),
  state: text().check(z.minLength(1), z.maxLength(200)),
  code: z.optional(text().check(z.maxLength(2000))),
  iss: z.optional(text().check(z.maxLength(500))),
  error: z.optional(text().check(z.maxLength(200))),
  error_description: z.optional(text().check(z.maxLength(1000))),
});
export type SsoCallbackRequest = z.infer<typeof ssoCallbackRequestSchema>;
