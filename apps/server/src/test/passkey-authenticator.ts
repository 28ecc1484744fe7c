import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const u32 = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n >>> 0);
  return out;
};

const FLAG = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

/**
 * A software passkey for the server's tests: an ES256 key, answers to registration and sign-in
 * ceremonies as a browser would send them (attestation "none"), and knobs to spoil them (another
 * origin, a counter that goes back).
 */
export function createSoftAuthenticator(opts: { rpId: string; origin: string; backedUp?: boolean }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle: string | undefined;

  const cosePublicKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
  const backup = opts.backedUp ? FLAG.be | FLAG.bs : 0;

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    id: b64(credentialId),

    /** The answer to registration options (their `challenge`, `user.id`). */
    register(
      options: { challenge: string; user: { id: string } },
      spoil: { origin?: string; userVerified?: boolean } = {},
    ) {
      userHandle = options.user.id;
      const flags = FLAG.up | (spoil.userVerified === false ? 0 : FLAG.uv) | FLAG.at | backup;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(opts.rpId),
        Buffer.from([flags]),
        u32(counter),
        Buffer.alloc(16), // aaguid
        idLength,
        credentialId,
        Buffer.from(cosePublicKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, spoil.origin ?? opts.origin)),
          attestationObject: b64(attestationObject),
          transports: ['internal'],
        },
      };
    },

    /** The answer to sign-in options; the counter goes up by one unless `counter` says otherwise. */
    assert(challenge: string, spoil: { origin?: string; counter?: number; key?: KeyObject } = {}) {
      counter = spoil.counter ?? counter + 1;
      const authData = Buffer.concat([
        sha256(opts.rpId),
        Buffer.from([FLAG.up | FLAG.uv | backup]),
        u32(counter),
      ]);
      const clientDataJSON = clientData('webauthn.get', challenge, spoil.origin ?? opts.origin);
      const signature = sign(
        'sha256',
        Buffer.concat([authData, sha256(clientDataJSON)]),
        spoil.key ?? privateKey,
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authData),
          signature: b64(signature),
          ...(userHandle && { userHandle }),
        },
      };
    },
  };
}

export type SoftAuthenticator = ReturnType<typeof createSoftAuthenticator>;
