import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { createUser, signIn } from '../../test/builders';
import { useTestApp } from '../../test/use-test-app';
import { accessTokenHash, TOUCH_EVERY_MS } from './service';

/**
 * A session's last use (the Profile "Sessions" card's "last active") is written at most once a
 * minute, and exactly when a minute has passed: the guard's synchronous path (`remembered`) serves a
 * session only while its last recorded use is under a minute old, and `resolve` records the use
 * once it is a minute old, whether the session came from the instance's cache or the database.
 */
describe('the token service records a session’s last use once a minute', () => {
  const t = useTestApp();

  it('from the cache and from the database, at the minute exactly', async () => {
    const user = await createUser(t);
    const { accessToken } = await signIn(t, user);
    const hash = accessTokenHash(accessToken)!;
    const tokens = t.app.tokens;
    const lastUsed = async () =>
      (
        await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))
      )[0]!.lastUsedAt.getTime();
    const issued = await lastUsed();
    const at = (ms: number) => issued + ms;

    // From the database, under a minute after the last recorded use: served, nothing written.
    expect((await tokens.resolve(hash, new Date(at(TOUCH_EVERY_MS - 500))))?.user.id).toBe(user.id);
    expect(await lastUsed()).toBe(issued);
    // Now cached (for a second): the synchronous path serves it while the last use is under a
    // minute old…
    expect(tokens.remembered(hash, at(TOUCH_EVERY_MS - 1))?.user.id).toBe(user.id);
    // …and not at the minute: then resolve must run, and it records the use, from the cache.
    expect(tokens.remembered(hash, at(TOUCH_EVERY_MS))).toBeUndefined();
    expect((await tokens.resolve(hash, new Date(at(TOUCH_EVERY_MS))))?.user.id).toBe(user.id);
    expect(await lastUsed()).toBe(at(TOUCH_EVERY_MS));
    // Once: 400 ms later the cache serves it again without a write.
    expect(tokens.remembered(hash, at(TOUCH_EVERY_MS + 400))?.user.id).toBe(user.id);
    expect((await tokens.resolve(hash, new Date(at(TOUCH_EVERY_MS + 400))))?.user.id).toBe(user.id);
    expect(await lastUsed()).toBe(at(TOUCH_EVERY_MS));

    // The cache forgot it (its entries live a second): from the database again, under a minute
    // since the recorded use: nothing written; at the minute exactly: written.
    expect((await tokens.resolve(hash, new Date(at(TOUCH_EVERY_MS + 30_000))))?.user.id).toBe(user.id);
    expect(await lastUsed()).toBe(at(TOUCH_EVERY_MS));
    expect((await tokens.resolve(hash, new Date(at(2 * TOUCH_EVERY_MS))))?.user.id).toBe(user.id);
    expect(await lastUsed()).toBe(at(2 * TOUCH_EVERY_MS));
  });
});
