import {
  passkeyAddSchema,
  passkeyRegistrationOptionsSchema,
  passkeyRemoveSchema,
  passkeyRenameSchema,
  passkeySchema,
  passkeySignInOptionsSchema,
  passkeySignInSchema,
} from '@portal/contract';
import { type Component, at } from './examples';

const passkeyAttempt = '6f1c2a4e-0b7d-4c1e-9a55-2f0e6d3b9c11';
const credentialId = 'hS9dQm3cR0eYv2k8wLpZ1A';
const passkeyChallenge = 'c2lnbi1pbi1jaGFsbGVuZ2UtZXhhbXBsZQ';

/** Passkeys: the ceremonies' requests and answers (docs/decisions/0042-passkeys.md). */
export const passkeyComponents: Component[] = [
  [
    passkeySchema,
    'Passkey',
    {
      id: 5,
      name: 'Work laptop',
      createdAt: at,
      lastUsedAt: at,
      backupEligible: true,
      backedUp: true,
    },
  ],
  [
    passkeyAddSchema,
    'PasskeyAdd',
    {
      attempt: passkeyAttempt,
      name: 'Work laptop',
      response: {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0',
          attestationObject: 'o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YVg',
          transports: ['internal', 'hybrid'],
        },
      },
    },
  ],
  [passkeyRenameSchema, 'PasskeyRename', { name: 'Phone' }],
  [passkeyRemoveSchema, 'PasskeyRemove', { current_password: 'my own password' }],
  [
    passkeySignInSchema,
    'PasskeySignIn',
    {
      attempt: passkeyAttempt,
      response: {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
          authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ',
          signature: 'MEUCIQC6mK2p1c9iQm3Y3Q0aVqk',
          userHandle: 'q5r0s1t2u3v4w5x6y7z8',
        },
      },
    },
  ],
  [
    passkeyRegistrationOptionsSchema,
    'PasskeyRegistrationOptions',
    {
      attempt: passkeyAttempt,
      options: {
        challenge: passkeyChallenge,
        rp: { name: 'Customer Portal', id: 'portal.example' },
        user: { id: 'q5r0s1t2u3v4w5x6y7z8', name: 'dana.fleet', displayName: 'Dana Fleet' },
        pubKeyCredParams: [
          { alg: -8, type: 'public-key' },
          { alg: -7, type: 'public-key' },
          { alg: -257, type: 'public-key' },
        ],
        timeout: 120000,
        excludeCredentials: [{ id: credentialId, type: 'public-key', transports: ['internal'] }],
        authenticatorSelection: {
          residentKey: 'required',
          userVerification: 'required',
          requireResidentKey: true,
        },
        attestation: 'none',
      },
    },
  ],
  [
    passkeySignInOptionsSchema,
    'PasskeySignInOptions',
    {
      attempt: passkeyAttempt,
      options: {
        challenge: passkeyChallenge,
        rpId: 'portal.example',
        timeout: 120000,
        allowCredentials: [],
        userVerification: 'required',
      },
    },
  ],
];
