// The live event stream (GET /api/events): what one event tells a signed-in user. It names a record and its new
// version; a change of a record the stream watches (its open list pages show it, PUT /api/events/{stream}/watch)
// also carries the record's row exactly as that user's list answers it (hidden fields stripped by the list's own
// rule), and nothing else carries a field's value. Without a row the reader fetches the record through the routes
// that strip hidden fields.
import { SECTIONS } from './sectionKeys';

/** What the streams hear of: every section's records, and the wings' records kept with a version and a history of
 * their own (a saved quote, the papers made of reserves: an invoice, a УПД), each heard by who may read it. */
export const LIVE_SECTIONS = [...SECTIONS, 'quotes', 'invoices', 'upd'] as const;
export type LiveSection = (typeof LIVE_SECTIONS)[number];

/** The table a live section's records are kept in: its own name, but for the УПД's (`upd_documents`). */
export const liveTable = (section: LiveSection): string => (section === 'upd' ? 'upd_documents' : section);

export const isLiveSection = (value: unknown): value is LiveSection =>
  typeof value === 'string' && (LIVE_SECTIONS as readonly string[]).includes(value);

/** What happened to the record: created, changed (a card's save, a step), deleted, or its stock moved by a reserve. */
export type LiveKind = 'create' | 'update' | 'delete' | 'stock';

export const LIVE_KINDS: readonly LiveKind[] = ['create', 'update', 'delete', 'stock'];

/** One record's change as the bus carries it between instances and the stream sends it (`eid` is the SSE id). */
export interface LiveEvent {
  eid: string;
  section: LiveSection;
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
  perUser: (cap: number) =>
    `Открыто слишком много вкладок с живыми обновлениями: не больше ${cap}. Закройте лишние, остальные обновляются по таймеру`,
  perInstance: 'Сервер занят: живые обновления временно недоступны, списки обновляются по таймеру',
} as const;

/** The stream's answer names the stream in this header: what a watch (PUT /api/events/{stream}/watch) names. */
export const LIVE_STREAM_HEADER = 'x-live-stream';

/** The most records of one section a stream may watch (its open list pages' rows): a watch's ids fit a bus
 * notification to the instance that holds the stream. Rows beyond it are read by the page's one request. */
export const WATCH_MAX = 500;

/** The changed row an event carries to a stream that watches it: the list's row as that user's list answers it. */
export type LiveRow = Record<string, unknown> & { id: number };

export const WATCH_MSG = {
  unknown: 'Поток живых обновлений не найден: он закрыт или открыт не вами',
  section: 'Раздел: недопустимое значение',
  ids: `Записи: список номеров, не больше ${WATCH_MAX}`,
} as const;
