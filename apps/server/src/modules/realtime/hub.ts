import type { ServerResponse } from 'node:http';
import { REALTIME } from '@portal/contract';

/** Whose stream it is: the user, and the sign-in (session family) whose ticket opened it. */
export type StreamOwner = { userId: number; familyId: string | null };

/** Past this many unsent bytes a subscriber is too slow to keep: it reconnects (EventSource does). */
const MAX_BUFFERED_BYTES = 64 * 1024;

/**
 * This instance's Server-Sent-Events subscribers by channel. A subscriber costs its socket and one
 * Set entry: no per-connection timer or closure beyond the close listener; one interval writes the
 * heartbeat comment to all of them, and an event's frame is serialised once for all.
 */
export class SubscriberHub {
  private readonly channels = new Map<string, Set<ServerResponse>>();
  private readonly owners = new Map<ServerResponse, StreamOwner>();
  private readonly heartbeat: NodeJS.Timeout;
  private count = 0;
  private closed = false;

  constructor(heartbeatMs: number = REALTIME.heartbeatMs) {
    this.heartbeat = setInterval(() => this.writeAll(': heartbeat\n\n'), heartbeatMs);
    this.heartbeat.unref();
  }

  get size() {
    return this.count;
  }

  add(channel: string, res: ServerResponse, owner?: StreamOwner) {
    if (this.closed) {
      res.end();
      return;
    }
    let set = this.channels.get(channel);
    if (!set) this.channels.set(channel, (set = new Set()));
    // A channel is one user's: a few streams (tabs, devices) at most. Past that the oldest ends
    // (a closed tab's stream, most likely), so nobody piles up sockets with tickets of their own.
    if (set.size >= REALTIME.maxStreamsPerUser) {
      const oldest = set.values().next().value!;
      this.remove(channel, oldest);
      oldest.end();
    }
    set.add(res);
    if (owner) this.owners.set(res, owner);
    this.count += 1;
    res.once('close', () => this.remove(channel, res));
  }

  private remove(channel: string, res: ServerResponse) {
    const set = this.channels.get(channel);
    if (!set?.delete(res)) return;
    this.owners.delete(res);
    this.count -= 1;
    if (set.size === 0) this.channels.delete(channel);
  }

  hasFamily(familyId: string): boolean {
    for (const owner of this.owners.values()) if (owner.familyId === familyId) return true;
    return false;
  }

  /** The sign-ins with streams here, of a user and/or one sign-in. */
  familiesOf(scope: { userId?: number; familyId?: string }): string[] {
    const families = new Set<string>();
    for (const owner of this.owners.values()) {
      if (owner.familyId === null) continue;
      if (scope.userId !== undefined && owner.userId !== scope.userId) continue;
      if (scope.familyId !== undefined && owner.familyId !== scope.familyId) continue;
      families.add(owner.familyId);
    }
    return [...families];
  }

  /** Ends the streams of these sign-ins (signed out, revoked, user blocked). */
  endFamilies(familyIds: string[]) {
    const ended = new Set(familyIds);
    for (const [res, owner] of [...this.owners])
      if (owner.familyId !== null && ended.has(owner.familyId)) res.end();
  }

  /** Writes one SSE frame to the channel's subscribers on this instance. */
  deliver(channel: string, event: string, data: unknown) {
    const set = this.channels.get(channel);
    if (!set) return;
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const res of set) this.write(res, frame);
  }

  private write(res: ServerResponse, chunk: string) {
    if (res.writableEnded || res.destroyed) return;
    if (res.writableLength > MAX_BUFFERED_BYTES) {
      res.destroy();
      return;
    }
    res.write(chunk);
  }

  private writeAll(chunk: string) {
    for (const set of this.channels.values()) for (const res of set) this.write(res, chunk);
  }

  /** Ends every stream (graceful shutdown); clients reconnect to another instance. */
  closeAll() {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const set of this.channels.values()) for (const res of [...set]) res.end();
    this.channels.clear();
    this.owners.clear();
    this.count = 0;
  }
}
