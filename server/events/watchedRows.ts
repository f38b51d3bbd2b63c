// The rows that ride with events: a stream may watch the records its open list pages show (PUT
// /api/events/{stream}/watch); a change (update or stock) of one of them carries its row, read once per batch
// through the list's own SQL and cut to what that stream's user may see (the list's stripping).
import type { ServerResponse } from 'node:http';
import type { Database } from '../db/client';
import type { AuthenticatedUser } from '../accounts/users';
import type { SectionSpec } from '../contract/section';
import { listRows, stripFor, stripKey } from './audience';
import { publicEvent, rowsShown } from './frames';
import { LIVE_EVENT, type LiveEvent } from '../../domain/live';
import { isSection, type Section } from '../../domain/sections';

export interface LiveClient {
  auth: AuthenticatedUser;
  token: string;
  res: ServerResponse;
  heartbeat?: NodeJS.Timeout;
  /** The stream's id (its answer's X-Live-Stream header): what its watches name. */
  id?: string;
  /** The records of each section its open list pages show: their changes come with their rows. */
  watched?: Map<Section, Set<number>>;
}

/** Per stream the key of its stripping and, ascending, each event's index in the batch with its frame with the row. */
export type RowFrames = { key: string; frames: [number, Buffer][] } | null;

/** The rows of the batch's changed records any stream watches, by section, read once for all the streams
 * through the list's SQL (audience.ts listRows). */
export async function watchedRows(
  db: Database,
  specs: Record<Section, SectionSpec>,
  clients: LiveClient[],
  events: LiveEvent[],
): Promise<Map<Section, Map<number, Record<string, unknown>>>> {
  const read = new Map<Section, Map<number, Record<string, unknown>>>();
  const changed = events.filter(rowsShown);
  for (const section of new Set(changed.map((e) => e.section))) {
    // a wing's records are no list's rows: no stream watches them
    if (!isSection(section)) continue;
    const spec = specs[section];
    const watched = clients.map((c) => c.watched?.get(section)).filter((w) => w !== undefined);
    if (!spec || !watched.length) continue;
    const ids = [
      ...new Set(changed.filter((e) => e.section === section && watched.some((w) => w.has(e.id))).map((e) => e.id)),
    ];
    if (ids.length) read.set(section, await listRows(db, spec, ids));
  }
  return read;
}

/** Of the rows read, the events each stream watches and may read with their rows: per stream the key of its
 * stripping and, ascending, each such event's index in the batch and its frame with the row (null: the stream
 * watches none of the changed records). Each row is cut once per stripping alike (audience.ts stripKey) and each
 * such frame made once. */
export function rowsOf(
  specs: Record<Section, SectionSpec>,
  clients: LiveClient[],
  audiences: { may: (event: LiveEvent) => boolean }[],
  events: LiveEvent[],
  read: Map<Section, Map<number, Record<string, unknown>>>,
): RowFrames[] {
  const out: RowFrames[] = clients.map(() => null);
  for (const [section, rows] of read) {
    const spec = specs[section];
    if (!rows.size) continue;
    // the batch's events of each record read (its indexes)
    const eventsOf = new Map<number, number[]>();
    events.forEach((e, at) => {
      if (e.section === section && rowsShown(e) && rows.has(e.id))
        (eventsOf.get(e.id) ?? eventsOf.set(e.id, []).get(e.id)!).push(at);
    });
    const keys = Object.keys(rows.values().next().value!);
    const cut = new Map<string, { texts: Map<number, string>; frames: Map<number, Buffer> }>();
    clients.forEach((client, i) => {
      const watched = client.watched?.get(section);
      if (!watched) return;
      let mine: [number, Buffer][] | null = null;
      let key = '';
      let of: { texts: Map<number, string>; frames: Map<number, Buffer> } | undefined;
      for (const id of watched.size < eventsOf.size ? watched : eventsOf.keys()) {
        const ats = eventsOf.get(id);
        if (!ats || !watched.has(id) || !audiences[i].may(events[ats[0]])) continue;
        if (!of) {
          key = stripKey(client.auth.permissions, spec, keys);
          of =
            cut.get(key) ??
            cut
              .set(key, { texts: stripFor(client.auth.permissions, spec, rows.values()), frames: new Map() })
              .get(key)!;
        }
        for (const at of ats) {
          let text = of.frames.get(at);
          if (text === undefined) {
            const event = events[at];
            text = Buffer.from(
              `id: ${event.eid}\nevent: ${LIVE_EVENT.change}\ndata: ${JSON.stringify(publicEvent(event)).slice(0, -1)},"row":${of.texts.get(id)}}\n\n`,
            );
            of.frames.set(at, text);
          }
          (mine ??= []).push([at, text]);
        }
      }
      if (mine) {
        const before = out[i];
        out[i] = {
          key: before ? `${before.key}\n${section}:${key}` : `${section}:${key}`,
          frames: [...(before?.frames ?? []), ...mine].sort((x, y) => x[0] - y[0]),
        };
      }
    });
  }
  return out;
}
