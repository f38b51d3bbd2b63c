// The signed-in shell's one live event stream (GET /api/events, server-sent events read with fetch so the token
// travels in the Authorization header, never in the URL). Each event names a record, its new version and the kind
// of change; the RTK Query cache is brought up to date narrowly:
// - a changed record (kind update or stock): its card and history are read again (tag {type, id}: only if open),
//   and the cached list pages showing it get its row replaced in place: the row the event carries (the stream
//   watches the records its cached pages show, PUT /api/events/{stream}/watch, and the server sends their changes
//   with their rows as this user's list answers them), else read again (GET /api/{section}?{section}_ids={id}).
//   The offers' tiles are read again when an offer changed. The changes of one burst (a write of many records,
//   announced together) are gathered for COALESCE_MS and the rows the pages show that no event brought are read
//   in ONE request (?{section}_ids=a,b,…): a write of N records costs an open screen no request, or one;
// - a created or deleted record: the section's lists (and tiles) are read again, their counts change;
// - a paper (an invoice, a УПД) made or cancelled: its card and history, and its kind's lists, read again;
// - 'notification': the bell's list; 'reset' (events missed beyond the server's memory): every list.
// The stream reconnects with Last-Event-ID after a loss (the server replays what was missed), and gives up on a
// stream silent for longer than three heartbeats. While it is down the lists poll (liveState.connected).
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { ListResponse, ListRow } from '../../domain/lists';
import { LIVE_EVENT, LIVE_HEARTBEAT_MS, LIVE_STREAM_HEADER, WATCH_MAX, type LiveRow } from '../../domain/live';
import { changeBuffer, parseFrames, rowsCarried, rowsQuery, type ChangeEvent, type Frame } from './liveFrames';
import { isSection, SECTIONS, type Section } from '../../domain/sections';
import { loggedOut } from './auth';
import { useAppDispatch, useAppSelector, type AppDispatch } from './hooks';
import { listsApi } from './lists';
import { streamClosed, streamOpened } from './liveState';
import { recordTag, sectionApi, SUMMARY_TAG, TAGS } from './sectionApi';
import { isPaperKind, paperListTag, papersApi, paperTags } from './papers';
import type { RootState } from './rootReducer';

/** The list filter that picks one record by id, per section (none: the list is read again instead). */
const ROW_FILTER: Partial<Record<Section, string>> = {
  offers: 'offers_ids',
  reserves: 'reserves_ids',
  employees: 'employees_ids',
  suppliers: 'suppliers_ids',
};

type GetState = () => RootState;

/** The cached list pages of a section. */
function listsOf(state: RootState, section: Section) {
  return Object.values(state.api.queries).filter(
    (q) =>
      q?.endpointName === 'list' &&
      (q.originalArgs as { section?: Section } | undefined)?.section === section &&
      q.data,
  );
}

/** The ids a cached page shows. */
const idsShown = (q: { data?: unknown }) =>
  ((q.data as ListResponse<ListRow> | undefined)?.data ?? []).map((row) => Number(row.id));

/** The changed rows the open list pages of a section show put in place in every cached page that shows them: the
 * rows the events carried as they are, the others read again in ONE request (GET /api/{section}
 * ?{section}_ids=a,b,…); a section without the row filter, more rows than one page holds, or a row no longer in
 * the lists (deleted, say) reads the lists again instead. */
async function refreshRows(
  dispatch: AppDispatch,
  getState: GetState,
  section: Section,
  changed: ReadonlySet<number>,
  carried: ReadonlyMap<number, LiveRow> = new Map(),
) {
  const showing = listsOf(getState(), section).filter((q) => idsShown(q!).some((id) => changed.has(id)));
  if (!showing.length) return;
  const ids = [...new Set(showing.flatMap((q) => idsShown(q!).filter((id) => changed.has(id))))].sort((x, y) => x - y);
  const rows = new Map<number, ListRow>();
  for (const id of ids) if (carried.has(id)) rows.set(id, carried.get(id) as ListRow);
  const missing = ids.filter((id) => !rows.has(id));
  if (missing.length) {
    const filter = ROW_FILTER[section];
    const query = filter && rowsQuery(filter, missing);
    if (!query) {
      dispatch(sectionApi.util.invalidateTags([TAGS[section].list]));
      return;
    }
    const read = dispatch(
      listsApi.endpoints.list.initiate({ section, query }, { subscribe: false, forceRefetch: true }),
    );
    const { data } = await read;
    for (const r of data?.data ?? []) rows.set(Number(r.id), r);
    if (missing.some((id) => !rows.has(id))) {
      // no longer in the lists it showed in as they are filtered by default (deleted, say): read them again
      dispatch(sectionApi.util.invalidateTags([TAGS[section].list]));
      return;
    }
  }
  for (const q of showing) {
    dispatch(
      listsApi.util.updateQueryData(
        'list',
        q!.originalArgs as unknown as { section: Section; query: string },
        (page) => {
          page.data.forEach((r, at) => {
            const row = rows.get(Number(r.id));
            if (row) page.data[at] = row;
          });
        },
      ),
    );
  }
}

/** What a burst of changes makes stale in the cache, section by section: each changed record's card and history
 * (read again only where open); a record created or deleted reads the section's lists again (their counts
 * change), else the changed rows the lists show are put in place, those the events carried as they are, the
 * others read in one request. */
export async function applyChanges(
  dispatch: AppDispatch,
  getState: GetState,
  events: readonly ChangeEvent[],
): Promise<void> {
  const carried = rowsCarried(events);
  // a paper (an invoice, a УПД) made or cancelled: its open card and history, and the lists of its kind, read again
  const papers = events.flatMap(({ section, id }) => (isPaperKind(section) ? paperTags(section, id) : []));
  if (papers.length) dispatch(papersApi.util.invalidateTags(papers));
  const bySection = new Map<Section, { ids: Set<number>; listsMove: boolean }>();
  for (const { section, id, kind } of events) {
    if (!isSection(section)) continue;
    const entry = bySection.get(section) ?? bySection.set(section, { ids: new Set(), listsMove: false }).get(section)!;
    entry.ids.add(id);
    if (kind === 'create' || kind === 'delete') entry.listsMove = true;
  }
  await Promise.all(
    [...bySection].map(async ([section, { ids, listsMove }]) => {
      const tiles = section === 'offers' ? [SUMMARY_TAG] : [];
      const records = [...ids].map((id) => recordTag(section, id));
      if (listsMove) {
        dispatch(sectionApi.util.invalidateTags([TAGS[section].list, ...records, ...tiles]));
        return;
      }
      dispatch(sectionApi.util.invalidateTags([...records, ...tiles]));
      await refreshRows(dispatch, getState, section, ids, carried.get(section));
    }),
  );
}

/** The records each section's cached list pages show (what refreshRows puts in place), at most WATCH_MAX a section. */
export function shownBySection(state: RootState): Map<Section, number[]> {
  const shown = new Map<Section, Set<number>>();
  for (const q of Object.values(state.api?.queries ?? {})) {
    const section = (q?.originalArgs as { section?: Section } | undefined)?.section;
    if (q?.endpointName !== 'list' || !q.data || !section || !isSection(section)) continue;
    const ids = shown.get(section) ?? shown.set(section, new Set()).get(section)!;
    for (const id of idsShown(q)) ids.add(id);
  }
  return new Map([...shown].map(([section, ids]) => [section, [...ids].sort((x, y) => x - y).slice(0, WATCH_MAX)]));
}

/** Milliseconds the cache is let settle before the stream's watches follow it (a page's rows, then its neighbours). */
const WATCH_DELAY_MS = 100;

/** Tells the server, for the stream `stream`, which records of each section the cached pages show, whenever that
 * changes (PUT /api/events/{stream}/watch, a section at a time): their changes then come with their rows. A watch
 * lost on the way costs nothing but the follow-up request it would have saved. Answers the stop. */
export function watchPages(
  store: { getState: GetState; subscribe(listener: () => void): () => void },
  token: string,
  stream: string,
): () => void {
  const sent = new Map<Section, string>();
  let queries: unknown;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    timer = undefined;
    const shown = shownBySection(store.getState());
    for (const section of new Set([...sent.keys(), ...shown.keys()])) {
      const ids = shown.get(section) ?? [];
      const key = ids.join(',');
      if ((sent.get(section) ?? '') === key) continue;
      sent.set(section, key);
      void fetch(
        new Request(`${globalThis.location?.origin ?? ''}/api/events/${encodeURIComponent(stream)}/watch`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ section, ids }),
        }),
      ).catch(() => undefined);
    }
  };
  const unsubscribe = store.subscribe(() => {
    const now = store.getState().api?.queries;
    if (now === queries) return;
    queries = now;
    timer ??= setTimeout(send, WATCH_DELAY_MS);
  });
  queries = store.getState().api?.queries;
  send();
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Opens the stream for the signed-in user and keeps it open until sign-out or unmount. */
export function useLiveStream(): void {
  const token = useAppSelector((s) => s.auth.token);
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  useEffect(() => {
    if (!token) return undefined;
    const stop = new AbortController();
    let lastEventId: string | undefined;
    const changes = changeBuffer((events) => void applyChanges(dispatch, store.getState, events));
    const handle = (frame: Frame) => {
      if (frame.id) lastEventId = frame.id;
      if (frame.event === LIVE_EVENT.change) changes.add(JSON.parse(frame.data) as ChangeEvent);
      else if (frame.event === LIVE_EVENT.notification) dispatch(sectionApi.util.invalidateTags(['Notifications']));
      else if (frame.event === LIVE_EVENT.reset) {
        dispatch(sectionApi.util.invalidateTags(['Notifications', SUMMARY_TAG, ...SECTIONS.map((s) => TAGS[s].list)]));
        dispatch(papersApi.util.invalidateTags([paperListTag('invoices'), paperListTag('upd')]));
      }
    };
    const run = async () => {
      let delay = 1000;
      while (!stop.signal.aborted) {
        const attempt = new AbortController();
        const abort = () => attempt.abort();
        stop.signal.addEventListener('abort', abort, { once: true });
        let watchdog: ReturnType<typeof setTimeout> | undefined;
        let unwatch: (() => void) | undefined;
        const feed = () => {
          clearTimeout(watchdog);
          watchdog = setTimeout(abort, LIVE_HEARTBEAT_MS * 3);
        };
        try {
          const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
          if (lastEventId) headers['Last-Event-ID'] = lastEventId;
          const res = await fetch(
            new Request(`${globalThis.location?.origin ?? ''}/api/events`, {
              headers,
              signal: attempt.signal,
              cache: 'no-store',
            }),
          );
          if (res.status === 401) {
            dispatch(loggedOut('unauthorized'));
            return;
          }
          if (!res.ok || !res.body) throw new Error(`events: ${res.status}`);
          dispatch(streamOpened());
          // a new stream watches anew: what the cached pages show now
          const id = res.headers.get(LIVE_STREAM_HEADER);
          if (id) unwatch = watchPages(store, token, id);
          delay = 1000;
          feed();
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            feed();
            const frames: Frame[] = [];
            buffer = parseFrames(buffer + value, frames);
            frames.forEach(handle);
          }
        } catch {
          // a lost connection, a refused one or the watchdog: try again below
        } finally {
          clearTimeout(watchdog);
          unwatch?.();
          stop.signal.removeEventListener('abort', abort);
        }
        dispatch(streamClosed());
        if (stop.signal.aborted) return;
        await sleep(delay, stop.signal);
        delay = Math.min(delay * 2, 15_000);
      }
    };
    void run();
    return () => {
      stop.abort();
      changes.cancel();
      dispatch(streamClosed());
    };
  }, [token, dispatch, store]);
}

/** The lists' poll period: none while the stream is open, the spec's period while it is down. */
export function useFallbackPolling(period: number | undefined): number | undefined {
  const connected = useAppSelector((s) => s.live.connected);
  return connected ? undefined : period;
}
