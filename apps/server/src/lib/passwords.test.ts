import { describe, expect, it } from 'vitest';
import { hashPassword, randomPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with Argon2id and the OWASP parameters, and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
  });

  it('answers false, after the same work, when there is no stored hash or it is corrupt', async () => {
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('makes random passwords within the product rule (6–15 characters)', () => {
    const a = randomPassword();
    expect(a).toHaveLength(15);
    expect(a).not.toBe(randomPassword());
  });
});
