// Graceful shutdown. app.close() (main.ts on SIGTERM) stops accepting connections, lets requests in flight finish
// and then closes the database; a long-lived response (the server-sent event stream) would hold that close open for
// ever, so every such stream registers here and is ended first, in Fastify's preClose. A browser's EventSource
// then reconnects, through the proxy, to an instance that is still up.
import type { FastifyInstance } from 'fastify';

/** Ends one long-lived response (e.g. `() => reply.raw.end()`). */
export type StreamCloser = () => void;

export interface LongLivedStreams {
  /** Registers a stream to end at shutdown; returns the unregister, to call when the stream ends by itself. */
  add(close: StreamCloser): () => void;
  /** Streams open now. */
  readonly size: number;
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
  app.decorate('longLivedStreams', streams);
  app.addHook('preClose', (done) => {
    for (const close of [...open]) {
      open.delete(close);
      try {
        close();
      } catch (error) {
        app.log.warn({ err: error }, 'a long-lived stream failed to end at shutdown');
      }
    }
    done();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Long-lived responses (server-sent events) to end when the instance shuts down. */
    longLivedStreams: LongLivedStreams;
  }
}
