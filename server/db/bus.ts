// The message bus between the app instances that share one database: live events, cache invalidation. On a
// PostgreSQL server it is LISTEN/NOTIFY, so a message published by one instance reaches every instance (the
// publisher included, through the same round trip: every subscriber sees each message exactly once, wherever it
// came from). On the embedded PGlite there is one instance by construction (the data folder is locked): its own
// LISTEN/NOTIFY, heard in this process (so a write's NOTIFY reaches the bus as on a server, at its commit); an
// in-process emitter alone is the bus of an app built without a database's.
import { EventEmitter } from 'node:events';
import type { Pool, PoolClient } from 'pg';
import type { PGlite } from '@electric-sql/pglite';

export type BusListener = (payload: string) => void;

export interface Bus {
  /** Delivers payload to every subscriber of channel on every instance. Payloads stay small: PostgreSQL caps a
   * notification at 8 000 bytes, so a message names what changed and readers fetch the rest. */
  publish(channel: string, payload: string): Promise<void>;
  /** Returns the unsubscribe. */
  subscribe(channel: string, listener: BusListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): void {
  // channels are identifiers in LISTEN: never built from user input, and refused if they ever were
  if (!CHANNEL.test(channel)) throw new Error(`bad bus channel: ${channel}`);
}

/** The subscribers of this process, on an emitter: what the three buses share. A message reaches them when the
 * caller emits it (`deliver` sends it on its way: straight to the emitter, or through the database, whose
 * notifications the caller emits); `listen` hears a channel from its first subscription on; `close` ends what the
 * caller opened. */
function emitterBus(
  emitter: EventEmitter,
  {
    deliver,
    listen,
    close,
  }: {
    deliver(channel: string, payload: string): Promise<void>;
    listen?(channel: string): void;
    close(): Promise<void>;
  },
): Bus {
  const heard = new Set<string>();
  return {
    async publish(channel, payload) {
      checkChannel(channel);
      await deliver(channel, payload);
    },
    subscribe(channel, listener) {
      checkChannel(channel);
      emitter.on(channel, listener);
      if (listen && !heard.has(channel)) {
        heard.add(channel);
        listen(channel);
      }
      return () => emitter.off(channel, listener);
    },
    close,
  };
}

/** An emitter with any number of subscribers a channel. */
function subscriberEmitter(): EventEmitter {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return emitter;
}

export function memoryBus(): Bus {
  const emitter = subscriberEmitter();
  return emitterBus(emitter, {
    // asynchronously, as a notification arrives: a subscriber never runs inside the publisher's call stack
    async deliver(channel, payload) {
      setImmediate(() => emitter.emit(channel, payload));
    },
    async close() {
      emitter.removeAllListeners();
    },
  });
}

/** The embedded database's LISTEN/NOTIFY: a channel is listened to on the first subscription; a notification
 * reaches the subscribers after the statement that delivered it (never inside the publisher's call stack). */
export function embeddedBus(client: PGlite): Bus {
  const emitter = subscriberEmitter();
  const listening = new Map<string, Promise<unknown>>();
  return emitterBus(emitter, {
    async deliver(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listen(channel) {
      listening.set(
        channel,
        client
          .listen(channel, (payload) => setImmediate(() => emitter.emit(channel, payload)))
          .catch((err: Error) => console.error(`LISTEN ${channel}: ${err.message}`)),
      );
    },
    async close() {
      emitter.removeAllListeners();
      await Promise.all(listening.values());
      if (!client.closed) for (const channel of listening.keys()) await client.unlisten(channel).catch(() => undefined);
      listening.clear();
    },
  });
}

/** LISTEN on one dedicated connection of the pool (taken on the first subscription, re-taken after a loss with
 * every channel listened to again); NOTIFY through any connection. */
export function postgresBus(pool: Pool, log: (message: string) => void = console.error): Bus {
  const emitter = subscriberEmitter();
  const channels = new Set<string>();
  let client: PoolClient | null = null;
  let connecting: Promise<PoolClient | null> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const listenSql = (channel: string) => `LISTEN "${channel}"`;
  /** The subscriptions' LISTENs, in the order they were asked for. */
  let listens: Promise<void> = Promise.resolve();

  const connect = (): Promise<PoolClient | null> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      try {
        const c = await pool.connect();
        c.on('notification', (n) => {
          if (n.channel) emitter.emit(n.channel, n.payload ?? '');
        });
        c.on('error', (err) => {
          log(`PostgreSQL bus connection lost: ${err.message}`);
          c.release(err);
          if (client === c) client = null;
          scheduleReconnect();
        });
        for (const channel of channels) await c.query(listenSql(channel));
        if (closed) {
          c.release();
          return null;
        }
        client = c;
        return c;
      } catch (err) {
        log(`PostgreSQL bus cannot listen: ${(err as Error).message}`);
        scheduleReconnect();
        return null;
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  };

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, 1000);
    retry.unref();
  };

  return emitterBus(emitter, {
    async deliver(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listen(channel) {
      channels.add(channel);
      // one LISTEN after the other: the connection runs one query at a time, and pg 9 will refuse a second
      listens = listens
        .then(() => connect())
        .then((c) => c?.query(listenSql(channel)))
        .then(
          () => undefined,
          (err: Error) => log(`LISTEN ${channel}: ${err.message}`),
        );
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting;
      await listens;
      emitter.removeAllListeners();
      if (client) {
        const c = client;
        client = null;
        await c.query('UNLISTEN *').catch(() => undefined);
        c.release();
      }
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bus between the instances on this database. */
    bus: Bus;
  }
}
