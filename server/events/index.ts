// GET /api/events: the signed-in user's live event stream (server-sent events). The browser reads it with fetch,
// sending the bearer token in the Authorization header like every other call (EventSource cannot send headers,
// and a token in the URL would land in logs and history); a reconnect sends Last-Event-ID the same way.
import { Type } from '@sinclair/typebox';
import type { App } from '../http/typed';
import type { Database } from '../db/client';
import { requireAuth } from '../accounts/auth';
import { ID, enumOf, errorBody, noQuery, responses } from '../http/schemas';
import { russianErrors } from '../http/validation';
import { LiveHub } from './hub';
import type { WingAudience } from './audience';
import type { Config } from '../config';
import { HttpError, notFound } from '../errors';
import { LIVE_HEARTBEAT_MS, LIVE_STREAM_HEADER, WATCH_MAX, WATCH_MSG } from '../../domain/live';
import { SECTIONS } from '../../domain/sections';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

const STREAM_DESCRIPTION = `text/event-stream. Events: 'change' (id: the event's id; data: {section, id, version, kind: create|update|delete|stock}),
only of records the user may read, no field values, except: a change (update or stock) of a record the stream
watches (PUT /api/events/{stream}/watch; the stream's id is the answer's X-Live-Stream header) carries 'row', the
record's row as the user's GET /api/{section} answers it (hidden fields stripped); 'notification' (data: {}): the user has a new notification;
'reset' (data: {}): what was missed since Last-Event-ID is no longer kept, read everything again. A comment line
': heartbeat' every 15 s.`;

/** `wings`: the records heard besides the sections' (a saved quote), each with who may hear of it. */
export default async function eventsRoutes(
  app: App,
  opts: { db: Database; config: Config; heartbeatMs?: number; wings?: readonly WingAudience[] },
) {
  const hub = new LiveHub(
    opts.db,
    app.bus,
    app.sectionSpecs,
    opts.heartbeatMs ?? LIVE_HEARTBEAT_MS,
    { perUser: opts.config.liveStreamsPerUser, perInstance: opts.config.liveStreamsPerInstance },
    opts.wings,
  );
  hub.start();
  app.decorate('live', hub);
  // at shutdown every stream ends first (server/http/shutdown.ts), so the close is not held open by them and each
  // browser reconnects, through the proxy, to an instance still up
  app.longLivedStreams.add(() => hub.close());

  app.get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary:
          'The live event stream of the signed-in user (server-sent events; bearer header, Last-Event-ID to resume)',
        description: STREAM_DESCRIPTION,
        querystring: noQuery,
        headers: { type: 'object', properties: { 'last-event-id': { type: 'string', maxLength: 64 } } },
        response: {
          200: { description: STREAM_DESCRIPTION, content: { 'text/event-stream': { schema: { type: 'string' } } } },
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const refused = hub.refusal(auth);
      if (refused) throw new HttpError(429, { status: 'error', error: 'busy', messages: [refused] });
      const headers = { ...reply.getHeaders() } as Record<string, string | number | string[]>;
      const id = hub.newStreamId();
      reply.hijack();
      reply.raw.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx: pass each event on at once
        'x-accel-buffering': 'no',
        // what the stream's watches name
        [LIVE_STREAM_HEADER]: id,
      });
      // the stream lives as long as the client keeps it: no socket timeout ends it
      request.raw.socket.setTimeout(0);
      const lastEventId = (request.headers['last-event-id'] as string | undefined) || undefined;
      await hub.connect({ auth, token: request.bearer!, res: reply.raw, id }, lastEventId);
    },
  );

  // which records of a section the stream's open list pages show: their changes then come with their rows
  app.put(
    '/events/:stream/watch',
    {
      schema: {
        tags: ['events'],
        summary:
          "The records of a section the stream's open list pages show (all of them, replacing the last watch of the section): their changes come with their rows",
        params: Type.Object({ stream: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }) }),
        querystring: noQuery,
        body: Type.Object(
          { section: enumOf('string', SECTIONS), ids: Type.Array(ID, { maxItems: WATCH_MAX }) },
          { additionalProperties: false },
        ),
        response: responses({
          200: {
            type: 'object',
            required: ['status'],
            properties: { status: { type: 'string', enum: ['kept', 'forwarded'] } },
          },
        }),
      },
      schemaErrorFormatter: russianErrors({ fields: { section: WATCH_MSG.section, ids: WATCH_MSG.ids } }),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { section, ids } = request.body;
      const status = await hub.watch({
        stream: request.params.stream,
        user: auth.user.id,
        section,
        ids: [...new Set(ids)],
      });
      if (status === 'unknown') throw notFound(WATCH_MSG.unknown);
      return { status };
    },
  );
}
