import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  auditLog,
  loginThrottle,
  mailOutbox,
  passkeyChallenges,
  passwordResetTokens,
  rateLimits,
  realtimeTickets,
  sessions,
  twoFactorChallenges,
} from '../../db/schema';
import { useTestApp } from '../../test/use-test-app';
import { bearer, createUser } from '../../test/builders';
import { api } from '../../test/http';

const DAY = 24 * 60 * 60_000;

describe('housekeeping', () => {
  const clock = Date.now();
  const now = () => new Date(clock);
  const t = useTestApp({}, { now });

  it('deletes what has expired and keeps what can still be used', async () => {
    const { db } = t.database;
    const user = await createUser(t);
    const client = { ip: '127.0.0.1', userAgent: 'vitest' };
    // Refresh tokens live 30 days (default config); rows stay 30 days past that for the reuse alarm.
    const stale = await t.app.tokens.issue({
      userId: user.id,
      client,
      now: new Date(clock - 61 * DAY),
    });
    const recentlyExpired = await t.app.tokens.issue({
      userId: user.id,
      client,
      now: new Date(clock - 40 * DAY),
    });
    const live = await t.app.tokens.issue({ userId: user.id, client, now: now() });

    const past = new Date(clock - 60_000);
    const future = new Date(clock + 60_000);
    const challenge = (id: string, expiresAt: Date) => ({
      id,
      userId: user.id,
      secretHash: `secret-${id}`,
      codeHash: `code-${id}`,
      codeSentAt: past,
      expiresAt,
    });
    await db
      .insert(twoFactorChallenges)
      .values([
        challenge('00000000-0000-4000-8000-000000000001', past),
        challenge('00000000-0000-4000-8000-000000000002', future),
      ]);
    await db.insert(passwordResetTokens).values([
      { tokenHash: 'reset-expired', userId: user.id, email: user.email, expiresAt: past },
      { tokenHash: 'reset-live', userId: user.id, email: user.email, expiresAt: future },
    ]);
    await db.insert(realtimeTickets).values([
      { ticketHash: 'ticket-expired', userId: user.id, channel: 'c', expiresAt: past },
      { ticketHash: 'ticket-live', userId: user.id, channel: 'c', expiresAt: future },
    ]);
    await db.insert(passkeyChallenges).values([
      { purpose: 'authentication', challenge: 'challenge-expired', expiresAt: past },
      { purpose: 'registration', userId: user.id, challenge: 'challenge-live', expiresAt: future },
    ]);
    const longAgo = new Date(clock - 2 * DAY);
    await db.insert(loginThrottle).values([
      // quiet for two days, not locked: forgotten
      { key: 'account:quiet', failures: 3, updatedAt: longAgo, windowStartedAt: longAgo },
      // quiet for two days but its lock still stands: kept
      { key: 'account:locked', failures: 0, lockLevel: 3, lockedUntil: future, updatedAt: longAgo },
      // failed a minute ago: kept
      { key: 'ip:10.0.0.1', failures: 4, updatedAt: past, windowStartedAt: past },
    ]);
    await db.insert(rateLimits).values([
      { key: 'clicks:user:1', hits: 60, windowEndsAt: past },
      { key: 'clicks:user:2', hits: 3, windowEndsAt: future },
    ]);
    await db.insert(mailOutbox).values([
      { to: user.email, subject: 'old', text: 't', html: 'h', createdAt: new Date(clock - 31 * DAY) },
      { to: user.email, subject: 'new', text: 't', html: 'h', createdAt: past },
    ]);

    const counts = await t.app.housekeeping.run();

    expect(counts).toEqual({
      sessions: 1,
      twoFactorChallenges: 1,
      passwordResetTokens: 1,
      realtimeTickets: 1,
      passkeyChallenges: 1,
      ssoAttempts: 0,
      loginThrottle: 1,
      rateLimits: 1,
      mailOutbox: 1,
      auditLog: 0,
    });
    const left = async <T>(rows: Promise<T[]>) => (await rows).map((r) => Object.values(r as object)[0]);
    expect(
      await left(
        db
          .select({ id: sessions.id })
          .from(sessions)
          .where(inArray(sessions.id, [stale.sessionId, recentlyExpired.sessionId, live.sessionId])),
      ),
    ).toEqual(expect.arrayContaining([recentlyExpired.sessionId, live.sessionId]));
    expect(
      await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, stale.sessionId)),
    ).toEqual([]);
    expect(await left(db.select({ id: twoFactorChallenges.id }).from(twoFactorChallenges))).toEqual([
      '00000000-0000-4000-8000-000000000002',
    ]);
    expect(await left(db.select({ h: passwordResetTokens.tokenHash }).from(passwordResetTokens))).toEqual([
      'reset-live',
    ]);
    expect(await left(db.select({ h: realtimeTickets.ticketHash }).from(realtimeTickets))).toEqual([
      'ticket-live',
    ]);
    expect(await left(db.select({ c: passkeyChallenges.challenge }).from(passkeyChallenges))).toEqual([
      'challenge-live',
    ]);
    expect((await left(db.select({ k: loginThrottle.key }).from(loginThrottle))).sort()).toEqual([
      'account:locked',
      'ip:10.0.0.1',
    ]);
    expect(await left(db.select({ k: rateLimits.key }).from(rateLimits))).toEqual(['clicks:user:2']);
    expect(await left(db.select({ s: mailOutbox.subject }).from(mailOutbox))).toEqual(['new']);

    // The session that is left still works; nothing the user can use was touched.
    const me = await api(t).get('auth/me', { headers: bearer(live.accessToken) });
    expect(me.statusCode).toBe(200);
    await db.delete(loginThrottle).where(eq(loginThrottle.key, 'account:locked'));
  });

  it(`keeps audit rows AUDIT_RETENTION_DAYS (default 400) and then deletes them`, async () => {
    const { db } = t.database;
    expect(t.config.auditRetentionMs).toBe(400 * DAY);
    await db.delete(auditLog);
    await db.insert(auditLog).values([
      { at: new Date(clock - 401 * DAY), action: 'old.enough' },
      { at: new Date(clock - 399 * DAY), action: 'still.kept' },
      { at: now(), action: 'today' },
    ]);
    expect((await t.app.housekeeping.run()).auditLog).toBe(1);
    expect((await db.select({ a: auditLog.action }).from(auditLog)).map((r) => r.a).sort()).toEqual([
      'still.kept',
      'today',
    ]);
  });

  it('a second run right after finds nothing to delete', async () => {
    expect(Object.values(await t.app.housekeeping.run()).every((n) => n === 0)).toBe(true);
  });
});
