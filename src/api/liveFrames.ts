// The live stream's parts that need no store: its frames parsed, the changes of a burst gathered, the rows its
// events carry, and the one request that reads the changed rows a list page shows and no event brought
// (src/api/live.ts runs them in the browser; bench/live.ts runs the same for its 200 simulated screens).
import { PAGE_SIZES } from '../../domain/lists';
import type { LiveKind, LiveRow, LiveSection } from '../../domain/live';
import { isSection, type Section } from '../../domain/sections';

export interface ChangeEvent {
  section: LiveSection;
  id: number;
  version: number | null;
  kind: LiveKind;
  /** The record's row as this user's list answers it, when the stream watches it (its pages show it): put in place
   * as it is, no request. */
  row?: LiveRow;
}

/** The rows a burst's events carry, by section and id (the latest of each record). */
export function rowsCarried(events: readonly ChangeEvent[]): Map<Section, Map<number, LiveRow>> {
  const rows = new Map<Section, Map<number, LiveRow>>();
  for (const event of events) {
    // only a section's events carry a row (a wing's, a paper's, never do)
    if (event.row && isSection(event.section) && (event.kind === 'update' || event.kind === 'stock')) {
      (rows.get(event.section) ?? rows.set(event.section, new Map()).get(event.section)!).set(event.id, event.row);
    }
  }
  return rows;
}

/** Changes heard within this long of the first are followed up together: a write of many records comes as a few
 * notifications at once, and an open screen reads its changed rows once for all of them. */
export const COALESCE_MS = 80;

/** Gathers the changes of a burst and hands them on together, COALESCE_MS after the first. */
export function changeBuffer(flush: (events: ChangeEvent[]) => void, wait = COALESCE_MS) {
  let pending: ChangeEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    add(event: ChangeEvent) {
      pending.push(event);
      timer ??= setTimeout(() => {
        const events = pending;
        pending = [];
        timer = undefined;
        flush(events);
      }, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}

/** The page size a read of `count` rows asks for: the list's default below it, else the smallest that holds them
 * (none: more than a page holds). */
export const pageFor = (count: number) => PAGE_SIZES.find((size) => size >= count);

/** The longest value of one filter parameter the server takes (its lists' query schema): ids beyond it go in the
 * parameter repeated. */
const VALUE_MAX = 100;

/** The query that reads these rows of a list in one request (`filter`: the section's ids filter, its values
 * comma-joined up to VALUE_MAX characters a parameter), or null when they are more than one page holds. */
export function rowsQuery(filter: string, ids: readonly number[]): string | null {
  const size = pageFor(ids.length);
  if (!size) return null;
  const values: string[] = [];
  for (const id of ids) {
    const last = values.length - 1;
    if (last >= 0 && values[last].length + 1 + String(id).length <= VALUE_MAX) values[last] += `,${id}`;
    else values.push(String(id));
  }
  return `${values.map((v) => `${filter}=${v}`).join('&')}${size > PAGE_SIZES[0] ? `&perPage=${size}` : ''}`;
}

export interface Frame {
  event: string;
  id?: string;
  data: string;
}

/** Splits the stream's text into complete frames; answers the rest (an incomplete frame). One pass of indexOf over
 * the text, no line arrays: a 1 000-row write is a thousand frames for every open stream. */
export function parseFrames(text: string, frames: Frame[]): string {
  const rest = text.includes('\r') ? text.replace(/\r\n/g, '\n') : text;
  let start = 0;
  let end: number;
  while ((end = rest.indexOf('\n\n', start)) >= 0) {
    const frame: Frame = { event: 'message', data: '' };
    for (let line = start; line < end;) {
      let next = rest.indexOf('\n', line);
      if (next < 0 || next > end) next = end;
      // an empty line or a comment (': heartbeat') says nothing
      if (next > line && rest.charCodeAt(line) !== 58) {
        const colon = rest.indexOf(':', line);
        const fieldEnd = colon < 0 || colon > next ? next : colon;
        let from = fieldEnd < next ? fieldEnd + 1 : next;
        if (from < next && rest.charCodeAt(from) === 32) from++;
        const field = rest.slice(line, fieldEnd);
        if (field === 'event') frame.event = rest.slice(from, next);
        else if (field === 'id') frame.id = rest.slice(from, next);
        else if (field === 'data') frame.data += rest.slice(from, next);
      }
      line = next + 1;
    }
    if (frame.data || frame.event !== 'message') frames.push(frame);
    start = end + 2;
  }
  return rest.slice(start);
}
