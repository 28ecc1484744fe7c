import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Client } from 'pg';
import type { Database } from '../../db/client';
import type { SessionMatch } from '../tokens';
import { createNotifyRepository } from './notify-repository';

/** What instances tell each other: a channel event for subscribers, or sessions to forget. */
export type BusMessage =
  | { k: 'event'; channel: string; event: string; data: unknown }
  | { k: 'forget'; match: SessionMatch; origin: string };

export type Bus = {
  /** Delivered to every instance on the database, this one included. */
  publish(message: BusMessage): Promise<void>;
  onMessage(handler: (message: BusMessage) => void): void;
  /** Called after the LISTEN connection came back: anything said meanwhile was missed. */
  onReconnect(handler: () => void): void;
  /** Resolves once this instance listens (start-up waits for it, so no early event is missed). */
  ready(): Promise<void>;
  close(): Promise<void>;
};

/** NOTIFY channel of the portal. Payloads are a few hundred bytes (the limit is 8000). */
export const NOTIFY_CHANNEL = 'portal_realtime';

/**
 * LISTEN runs where a session lasts (Database.listenUrl: DATABASE_DIRECT_URL, else DATABASE_URL
 * unless that is a transaction pooler). Behind a transaction pooler without a direct URL, LISTEN
 * would hear nothing, so messages stay within this instance (start-up warns about it).
 */
export function createBus(database: Database, log: FastifyBaseLogger): Bus {
  return database.kind === 'postgres' && database.listenUrl
    ? postgresBus(database, database.listenUrl, log)
    : inProcessBus();
}

/** PGlite serves one process: an EventEmitter is the whole fan-out. */
function inProcessBus(): Bus {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    async publish(message) {
      // Asynchronous like NOTIFY, so callers never depend on synchronous delivery.
      queueMicrotask(() => emitter.emit('message', message));
    },
    onMessage: (handler) => void emitter.on('message', handler),
    onReconnect: () => undefined,
    ready: async () => undefined,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated client per instance LISTENs (a pooled connection would
 * be handed to other queries); NOTIFY goes through the normal pool. On error the listener
 * reconnects with a growing delay and tells `onReconnect` handlers that messages may be lost.
 */
function postgresBus(database: Database, url: string, log: FastifyBaseLogger): Bus {
  const emitter = new EventEmitter().setMaxListeners(0);
  let closed = false;
  let client: Client | undefined;
  let retryMs = 250;
  let timer: NodeJS.Timeout | undefined;
  let firstConnect = true;

  async function connect(): Promise<void> {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000, keepAlive: true });
    c.on('error', (err) => {
      log.warn({ err }, 'realtime listener lost its connection; reconnecting');
      drop(c);
    });
    c.on('end', () => drop(c));
    c.on('notification', (msg) => {
      if (msg.channel !== NOTIFY_CHANNEL || !msg.payload) return;
      try {
        emitter.emit('message', JSON.parse(msg.payload) as BusMessage);
      } catch (err) {
        log.warn({ err }, 'unreadable realtime notification');
      }
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (err) {
      c.removeAllListeners('end');
      await c.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    retryMs = 250;
    if (!firstConnect) emitter.emit('reconnect');
    firstConnect = false;
  }

  function drop(dead: Client) {
    if (client !== dead) return;
    client = undefined;
    dead.removeAllListeners('end');
    void dead.end().catch(() => undefined);
    reconnectLater();
  }

  function reconnectLater() {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connected = connect().catch((err: unknown) => {
        log.warn({ err }, 'realtime listener could not reconnect');
        // At most 2 s apart: the listener must be back within 5 s of the database.
        retryMs = Math.min(retryMs * 2, 2_000);
        reconnectLater();
      });
    }, retryMs);
    timer.unref();
  }

  const notifications = createNotifyRepository(database.db);
  let connected = connect();
  return {
    async publish(message) {
      await notifications.notify(NOTIFY_CHANNEL, JSON.stringify(message));
    },
    onMessage: (handler) => void emitter.on('message', handler),
    onReconnect: (handler) => void emitter.on('reconnect', handler),
    ready: () => connected,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await connected.catch(() => undefined);
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
      }
      emitter.removeAllListeners();
    },
  };
}
