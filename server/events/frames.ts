// The text a stream receives: each event as a server-sent frame, and a batch's frames joined per audience (users
// whose read scopes are alike share one text), with the frames of watched records swapped for frames with their rows.
import type { LiveEvent } from '../../domain/live';

export const frame = (event: string, data: unknown, id?: string) =>
  `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const publicEvent = (e: LiveEvent) => ({ section: e.section, id: e.id, version: e.version, kind: e.kind });

/** A change a list page shows in place (its row read again); a created or deleted record moves the lists, which
 * are read again whole. */
export const rowsShown = (e: LiveEvent) => e.kind === 'update' || e.kind === 'stock';

/** An audience's text of a batch: the frames it may read as one buffer, and where each event's frame starts in it
 * (-1: not for this audience). */
export interface AudienceText {
  text: Buffer;
  at: number[];
}

/** Per audience the batch's frames it may read, made once per distinct audience key whatever the number of streams.
 * Each stream gets its text in ONE write: a chunk of the answer, not one per frame (a chunk each cost the server a
 * write and each screen a read of its own: 50 of them for a stream that showed 25 changed rows). */
export function audienceTexts(
  events: LiveEvent[],
  frames: Buffer[],
  audiences: { key: string; may: (event: LiveEvent) => boolean }[],
): AudienceText[] {
  const texts = new Map<string, AudienceText>();
  return audiences.map(({ key, may }) => {
    let text = texts.get(key);
    if (!text) {
      const at: number[] = [];
      let offset = 0;
      const parts = events.map((event, e) => {
        if (!may(event)) {
          at.push(-1);
          return Buffer.alloc(0);
        }
        at.push(offset);
        offset += frames[e].length;
        return frames[e];
      });
      texts.set(key, (text = { text: Buffer.concat(parts, offset), at }));
    }
    return text;
  });
}

/** The audience's text with each event that carries a row swapped for its frame with the row. */
export function withRowFrames(plain: AudienceText, frames: Buffer[], rowFrames: [number, Buffer][]): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (const [e, withRow] of rowFrames) {
    parts.push(plain.text.subarray(from, plain.at[e]), withRow);
    from = plain.at[e] + frames[e].length;
  }
  parts.push(plain.text.subarray(from));
  return Buffer.concat(parts);
}
