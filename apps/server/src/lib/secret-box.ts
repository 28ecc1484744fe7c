import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets we must keep readable (a linked app's tokens, a TS session id) are stored sealed with
 * AES-256-GCM under APP_KEY (docs/architecture.md "Security baseline"). `context` is bound as associated data,
 * so a sealed value copied to another row (another user, another app) no longer opens.
 *
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url; the version leaves room to rotate.
 */
const VERSION = 'v1';

export function sealSecret(key: Buffer, context: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

/** The plaintext, or null when the value was sealed under another key or context, or was altered. */
export function openSecret(key: Buffer, context: string, sealed: string): string | null {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
