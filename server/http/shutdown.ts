// Graceful shutdown. app.close() (main.ts on SIGTERM) stops accepting connections, lets requests in flight finish
// and then closes the database; a long-lived response (the server-sent event stream) would hold that close open for
// ever, so every such stream registers here and is ended first, in Fastify's preClose. A browser's EventSource
// then reconnects, through the proxy, to an instance that is still up.
//
// Before that, behind a proxy, the instance drains (main.ts, SHUTDOWN_DRAIN_SECONDS): it keeps listening, answers
// reads 503 before any handler runs (the proxy reads from the next instance instead and marks this one down, so it
// sends nothing more here) and still serves writes. Closing the listener at once would reset the connections the
// kernel had already accepted for it, and a write reset after it was sent is one the proxy must not repeat
// (deploy/nginx.conf, @write): the user got a 502. A write is never answered 503 here: nginx does not try a sent
// POST on another instance, whatever the answer.
import type { FastifyInstance } from 'fastify';

/** Ends one long-lived response (e.g. `() => reply.raw.end()`). */
export type StreamCloser = () => void;

export interface LongLivedStreams {
  /** Registers a stream to end at shutdown; returns the unregister, to call when the stream ends by itself. */
  add(close: StreamCloser): () => void;
  /** Streams open now. */
  readonly size: number;
}

export const DRAINING_MSG = 'Сервер перезапускается: повторите запрос';

export interface Drain {
  /** From now on reads are answered 503 with nothing done, and the live streams end (browsers reconnect). */
  start(): void;
  readonly active: boolean;
}

export function installShutdown(app: FastifyInstance): void {
  const open = new Set<StreamCloser>();
  const streams: LongLivedStreams = {
    add(close) {
      open.add(close);
      return () => open.delete(close);
    },
    get size() {
      return open.size;
    },
  };
  const endStreams = () => {
    for (const close of [...open]) {
      open.delete(close);
      try {
        close();
      } catch (error) {
        app.log.warn({ err: error }, 'a long-lived stream failed to end at shutdown');
      }
    }
  };
  let draining = false;
  const drain: Drain = {
    start() {
      draining = true;
      endStreams();
    },
    get active() {
      return draining;
    },
  };
  app.decorate('longLivedStreams', streams);
  app.decorate('drain', drain);
  const reads = new Set(['GET', 'HEAD', 'OPTIONS']);
  app.addHook('onRequest', (request, reply, done) => {
    if (!draining || !reads.has(request.method)) return done();
    // one body for every route (their response schemas would cut it down to their own 503s)
    void reply
      .status(503)
      .header('connection', 'close')
      .header('retry-after', '1')
      .serializer(JSON.stringify)
      .send({ status: 'error', error: 'shutting_down', messages: [DRAINING_MSG] });
  });
  app.addHook('preClose', (done) => {
    endStreams();
    done();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Long-lived responses (server-sent events) to end when the instance shuts down. */
    longLivedStreams: LongLivedStreams;
    /** The drain before shutdown (SHUTDOWN_DRAIN_SECONDS). */
    drain: Drain;
  }
}
