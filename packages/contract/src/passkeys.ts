import * as z from 'zod/mini';
import { text } from './rules';
import { requiredText } from './auth';
import { PASSKEYS, PASSKEY_MESSAGES } from './passkey-messages';

/*
 * Passkeys (WebAuthn): the Profile's "Passkeys" card and "Sign in with a passkey"
 * (docs/api.md "Passkeys", docs/decisions/0042-passkeys.md).
 */

/** base64url as WebAuthn's JSON encodes binary fields (padding tolerated). */
const base64url = (max: number) =>
  text().check(z.maxLength(max), z.regex(/^[A-Za-z0-9_-]*={0,2}$/, { error: 'Must be base64url.' }));

const credentialId = () => base64url(1400).check(z.minLength(1));
const transports = z.optional(z.array(text().check(z.maxLength(32))).check(z.maxLength(10)));
/** Extension outputs: accepted, not read (the portal asks for no extension). */
const extensionResults = z.optional(z.object({}));
const attachment = z.optional(z.enum(['platform', 'cross-platform']));
/** What both ceremonies' answers carry besides their `response`. */
const credentialFields = {
  id: credentialId(),
  rawId: credentialId(),
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
};

/** What `navigator.credentials.create()` answered, as JSON (RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65_536),
    authenticatorData: z.optional(base64url(65_536)),
    transports,
    publicKeyAlgorithm: z.optional(z.number().check(z.int())),
    publicKey: z.optional(base64url(8192)),
  }),
});

/** What `navigator.credentials.get()` answered, as JSON (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(65_536),
    signature: base64url(8192),
    userHandle: z.optional(base64url(1024)),
  }),
});

/** An attempt id: what binds a ceremony's answer to the challenge the server issued for it. */
const attemptId = () =>
  text().check(
    z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
      error: PASSKEY_MESSAGES.challengeExpired,
    }),
  );

export const passkeyNameSchema = requiredText('Name', PASSKEYS.nameMaxLength);

/** POST auth/passkeys: the answer of the registration ceremony, named. */
export const passkeyAddSchema = z.object({
  attempt: attemptId(),
  name: passkeyNameSchema,
  response: passkeyRegistrationResponseSchema,
});
export type PasskeyAdd = z.infer<typeof passkeyAddSchema>;

/** PATCH auth/passkeys/{id} and the web's add/rename forms. */
export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });
export type PasskeyRename = z.infer<typeof passkeyRenameSchema>;

/** DELETE auth/passkeys/{id}: the caller's current password (a body, never the query). */
export const passkeyRemoveSchema = z.nullish(
  z.strictObject({ current_password: z.optional(text().check(z.maxLength(200))) }),
);

/** POST auth/passkeys/sign-in. */
export const passkeySignInSchema = z.object({
  attempt: attemptId(),
  response: passkeyAuthenticationResponseSchema,
});
export type PasskeySignIn = z.infer<typeof passkeySignInSchema>;

/** A descriptor of a credential in options (`excludeCredentials`, `allowCredentials`). */
const descriptorSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  transports: z.optional(z.array(z.string())),
});

/** PublicKeyCredentialCreationOptionsJSON: passed to the browser as it is (fields kept). */
export const passkeyCreationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ name: z.string(), id: z.optional(z.string()) }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.string() })),
  timeout: z.optional(z.number()),
  excludeCredentials: z.optional(z.array(descriptorSchema)),
  authenticatorSelection: z.optional(z.looseObject({})),
  attestation: z.optional(z.string()),
});

/** PublicKeyCredentialRequestOptionsJSON: passed to the browser as it is (fields kept). */
export const passkeyRequestOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.optional(z.string()),
  timeout: z.optional(z.number()),
  allowCredentials: z.optional(z.array(descriptorSchema)),
  userVerification: z.optional(z.string()),
});

/** The options of a ceremony and the attempt id to send back with its answer. */
export const passkeyRegistrationOptionsSchema = z.object({
  attempt: z.string(),
  options: passkeyCreationOptionsSchema,
});
export const passkeySignInOptionsSchema = z.object({
  attempt: z.string(),
  options: passkeyRequestOptionsSchema,
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;
export type PasskeySignInOptions = z.infer<typeof passkeySignInOptionsSchema>;
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

/** A passkey as its owner sees it (never the key itself). */
export const passkeySchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  /** The passkey may be synced to other devices (backup eligible) / is synced now (backed up). */
  backupEligible: z.boolean(),
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeysSchema = z.array(passkeySchema);
