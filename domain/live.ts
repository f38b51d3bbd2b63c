// The live event stream (GET /api/events): what one event tells a signed-in user. It names a record and its new
// version, never a field's value, so what a role may not see cannot travel in it; the reader fetches the record
// through the routes that strip hidden fields.
import type { Section } from './sections';

/** What happened to the record: created, changed (a card's save, a step), deleted, or its stock moved by a reserve. */
export type LiveKind = 'create' | 'update' | 'delete' | 'stock';

export const LIVE_KINDS: readonly LiveKind[] = ['create', 'update', 'delete', 'stock'];

/** One record's change as the bus carries it between instances and the stream sends it (`eid` is the SSE id). */
export interface LiveEvent {
  eid: string;
  section: Section;
  id: number;
  /** The record's version after the change (null when it could not be read, e.g. purged). */
  version: number | null;
  kind: LiveKind;
}

/** SSE event names: a record changed; the user has a new notification; the stream cannot replay what was missed
 * since Last-Event-ID (read everything again). */
export const LIVE_EVENT = { change: 'change', notification: 'notification', reset: 'reset' } as const;

/** Milliseconds between heartbeat comments: under the 30–60 s idle timeouts of common proxies. */
export const LIVE_HEARTBEAT_MS = 15_000;

/** Why a new stream is refused (429): one user's tabs, or the instance's streams, at their cap. The browser tries
 * again later and its lists poll meanwhile. */
export const LIVE_MSG = {
  perUser: (cap: number) => `Открыто слишком много вкладок с живыми обновлениями: не больше ${cap}. Закройте лишние, остальные обновляются по таймеру`,
  perInstance: 'Сервер занят: живые обновления временно недоступны, списки обновляются по таймеру',
} as const;
