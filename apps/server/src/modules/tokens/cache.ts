import type { AuthContext } from './service';

type Entry = {
  context: AuthContext;
  familyId: string;
  /** Cached until the earlier of (filled + ttl) and the access token's own expiry. */
  validUntil: number;
  lastUsedAt: number;
};

export type SessionMatch = { sessionId?: string; familyId?: string; userId?: number };

/**
 * A short-lived, per-instance memory of resolved access tokens, so a busy client costs one session
 * query per `ttlMs` instead of one per request (auth/me must stay within half the throughput of a
 * bare route, and a database round trip alone costs more than that).
 *
 * Coherence: everything this instance revokes or changes is forgotten at once (`forget`), so on one
 * instance a logout, rotation or reuse takes effect immediately. Other instances hear of it through
 * the realtime bus (`setBroadcast`) within milliseconds; if that notice is lost they still serve a
 * revoked token for at most `ttlMs`, which is why the ttl is about a second. Modules that change
 * what an AuthContext holds (block a user, change roles or meta, reset a password) must call
 * `app.tokens.forget({ userId })` after their write.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private broadcast: ((match: SessionMatch) => Promise<void>) | undefined;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(accessHash: string, now: number): Entry | undefined {
    const entry = this.entries.get(accessHash);
    if (entry && entry.validUntil <= now) {
      this.entries.delete(accessHash);
      return undefined;
    }
    return entry;
  }

  set(accessHash: string, value: Omit<Entry, 'validUntil'> & { accessExpiresAt: number }, now: number) {
    if (this.ttlMs <= 0) return;
    // Map keeps insertion order: dropping the first key drops the oldest fill.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    deepFreeze(value.context);
    this.entries.set(accessHash, {
      context: value.context,
      familyId: value.familyId,
      lastUsedAt: value.lastUsedAt,
      validUntil: Math.min(now + this.ttlMs, value.accessExpiresAt),
    });
  }

  /**
   * Tells the other instances (realtime plugin: LISTEN/NOTIFY) to forget what this one forgets, so a
   * revocation holds everywhere at once rather than after their ttl.
   */
  setBroadcast(broadcast: (match: SessionMatch) => Promise<void>) {
    this.broadcast = broadcast;
  }

  /**
   * Drops every cached session matching all given fields (e.g. `{ userId }` after blocking a user),
   * here at once and on the other instances as soon as they hear of it.
   */
  forget(match: SessionMatch) {
    this.forgetLocally(match);
    void this.broadcast?.(match).catch(() => undefined);
  }

  /** forget(), and resolves once the other instances have been told (before announcing a sign-in). */
  async forgetEverywhere(match: SessionMatch): Promise<void> {
    this.forgetLocally(match);
    await this.broadcast?.(match);
  }

  /** forget() on this instance only: what a notice from another instance does. */
  forgetLocally(match: SessionMatch) {
    if (match.sessionId === undefined && match.familyId === undefined && match.userId === undefined) return;
    for (const [hash, entry] of this.entries) {
      if (match.sessionId !== undefined && entry.context.sessionId !== match.sessionId) continue;
      if (match.familyId !== undefined && entry.familyId !== match.familyId) continue;
      if (match.userId !== undefined && entry.context.user.id !== match.userId) continue;
      this.entries.delete(hash);
    }
  }

  clear() {
    this.entries.clear();
  }
}

/** Cached user records are shared by concurrent requests: nobody may mutate one in place. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
