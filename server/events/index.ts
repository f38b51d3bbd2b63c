// GET /api/events: the signed-in user's live event stream (server-sent events). The browser reads it with fetch,
// sending the bearer token in the Authorization header like every other call (EventSource cannot send headers,
// and a token in the URL would land in logs and history); a reconnect sends Last-Event-ID the same way.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { requireAuth } from '../accounts/auth';
import { errorBody, noQuery } from '../http/schemas';
import { LiveHub } from './hub';
import type { Config } from '../config';
import { HttpError } from '../errors';
import { LIVE_HEARTBEAT_MS } from '../../domain/live';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

const STREAM_DESCRIPTION = `text/event-stream. Events: 'change' (id: the event's id; data: {section, id, version, kind: create|update|delete|stock}),
only of records the user may read, no field values; 'notification' (data: {}): the user has a new notification;
'reset' (data: {}): what was missed since Last-Event-ID is no longer kept, read everything again. A comment line
': heartbeat' every 15 s.`;

export default async function eventsRoutes(app: FastifyInstance, opts: { db: Database; config: Config; heartbeatMs?: number }) {
  const hub = new LiveHub(opts.db, app.bus, app.sectionSpecs, opts.heartbeatMs ?? LIVE_HEARTBEAT_MS,
    { perUser: opts.config.liveStreamsPerUser, perInstance: opts.config.liveStreamsPerInstance });
  hub.start();
  app.decorate('live', hub);
  // at shutdown every stream ends first (server/http/shutdown.ts), so the close is not held open by them and each
  // browser reconnects, through the proxy, to an instance still up
  app.longLivedStreams.add(() => hub.close());

  app.get('/events', {
    schema: {
      tags: ['events'],
      summary: 'The live event stream of the signed-in user (server-sent events; bearer header, Last-Event-ID to resume)',
      description: STREAM_DESCRIPTION,
      querystring: noQuery,
      headers: { type: 'object', properties: { 'last-event-id': { type: 'string', maxLength: 64 } } },
      response: { 200: { description: STREAM_DESCRIPTION, content: { 'text/event-stream': { schema: { type: 'string' } } } }, 429: errorBody },
    },
  }, async (request, reply) => {
    const auth = requireAuth(request);
    const refused = hub.refusal(auth);
    if (refused) throw new HttpError(429, { status: 'error', error: 'busy', messages: [refused] });
    const headers = { ...reply.getHeaders() } as Record<string, string | number | string[]>;
    reply.hijack();
    reply.raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx: pass each event on at once
      'x-accel-buffering': 'no',
    });
    // the stream lives as long as the client keeps it: no socket timeout ends it
    request.raw.socket.setTimeout(0);
    const lastEventId = (request.headers['last-event-id'] as string | undefined) || undefined;
    await hub.connect({ auth, token: request.bearer!, res: reply.raw }, lastEventId);
  });
}
