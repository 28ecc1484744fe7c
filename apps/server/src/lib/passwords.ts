import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * OWASP Password Storage Cheat Sheet, Argon2id: m=19 MiB, t=2, p=1. The algorithm is left at the
 * library default, which is Argon2id (its `Algorithm` is a const enum that isolatedModules cannot
 * reference); passwords.test.ts pins the resulting `$argon2id$v=19$m=19456,t=2,p=1$` prefix.
 */
const ARGON2_OPTIONS: Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

/** Hashed lazily once per process: a real hash with our parameters, so verifying it costs the same. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * Verifies a password. With no stored hash (unknown user) a dummy hash is verified instead and the
 * answer is false, so the response time does not tell whether the account exists.
 */
export async function verifyPassword(storedHash: string | null | undefined, plain: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await getDummyHash(), plain).catch(() => false);
    return false;
  }
  // A corrupt stored hash is a failed sign-in, not a 500.
  return verify(storedHash, plain).catch(() => false);
}

/** A random password that satisfies the product's 6–15 character rule (~89 bits). */
export function randomPassword(length = 15): string {
  return randomBytes(32).toString('base64url').slice(0, length);
}
