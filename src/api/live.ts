// The signed-in shell's one live event stream (GET /api/events, server-sent events read with fetch so the token
// travels in the Authorization header, never in the URL). Each event names a record, its new version and the kind
// of change; the RTK Query cache is brought up to date narrowly:
// - a changed record (kind update or stock): its card and history are read again (tag {type, id}: only if open),
//   and each cached list page showing it gets the one row read again and replaced in place (GET /api/{section}
//   ?{section}_ids={id}); the offers' tiles are read again when an offer changed;
// - a created or deleted record: the section's lists (and tiles) are read again, their counts change;
// - 'notification': the bell's list; 'reset' (events missed beyond the server's memory): every list.
// The stream reconnects with Last-Event-ID after a loss (the server replays what was missed), and gives up on a
// stream silent for longer than three heartbeats. While it is down the lists poll (liveState.connected).
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { ListResponse, ListRow } from '../../domain/lists';
import { LIVE_EVENT, LIVE_HEARTBEAT_MS, type LiveKind } from '../../domain/live';
import { isSection, SECTIONS, type Section } from '../../domain/sections';
import { loggedOut } from './auth';
import { useAppDispatch, useAppSelector, type AppDispatch } from './hooks';
import { listsApi } from './lists';
import { streamClosed, streamOpened } from './liveState';
import { recordTag, sectionApi, SUMMARY_TAG, TAGS } from './sectionApi';
import type { RootState } from './rootReducer';

/** The list filter that picks one record by id, per section (none: the list is read again instead). */
const ROW_FILTER: Partial<Record<Section, string>> = {
  offers: 'offers_ids', reserves: 'reserves_ids', employees: 'employees_ids', suppliers: 'suppliers_ids',
};

export interface ChangeEvent {
  section: Section;
  id: number;
  version: number | null;
  kind: LiveKind;
}

type GetState = () => RootState;

/** The cached list pages of a section that show the record. */
function listsShowing(state: RootState, section: Section, id: number) {
  return Object.values(state.api.queries).filter((q) => q?.endpointName === 'list'
    && (q.originalArgs as { section?: Section } | undefined)?.section === section
    && (q.data as ListResponse<ListRow> | undefined)?.data?.some((row) => Number(row.id) === id));
}

/** One row of a list page read again and put in place in every cached page that shows it. */
async function refreshRow(dispatch: AppDispatch, getState: GetState, section: Section, id: number) {
  const showing = listsShowing(getState(), section, id);
  if (!showing.length) return;
  const filter = ROW_FILTER[section];
  if (!filter) {
    dispatch(sectionApi.util.invalidateTags([TAGS[section].list]));
    return;
  }
  const read = dispatch(listsApi.endpoints.list.initiate({ section, query: `${filter}=${id}` }, { subscribe: false, forceRefetch: true }));
  const { data } = await read;
  const row = data?.data.find((r) => Number(r.id) === id);
  if (!row) {
    // no longer in the lists it showed in as they are filtered by default (deleted, say): read them again
    dispatch(sectionApi.util.invalidateTags([TAGS[section].list]));
    return;
  }
  for (const q of showing) {
    dispatch(listsApi.util.updateQueryData('list', q!.originalArgs as unknown as { section: Section; query: string }, (page) => {
      const at = page.data.findIndex((r) => Number(r.id) === id);
      if (at >= 0) page.data[at] = row;
    }));
  }
}

/** What one change makes stale in the cache. */
export async function applyChange(dispatch: AppDispatch, getState: GetState, event: ChangeEvent): Promise<void> {
  const { section, id, kind } = event;
  if (!isSection(section)) return;
  const tiles = section === 'offers' ? [SUMMARY_TAG] : [];
  if (kind === 'create' || kind === 'delete') {
    dispatch(sectionApi.util.invalidateTags([TAGS[section].list, recordTag(section, id), ...tiles]));
    return;
  }
  dispatch(sectionApi.util.invalidateTags([recordTag(section, id), ...tiles]));
  await refreshRow(dispatch, getState, section, id);
}

interface Frame {
  event: string;
  id?: string;
  data: string;
}

/** Splits the stream's text into complete frames; answers the rest (an incomplete frame). */
export function parseFrames(text: string, frames: Frame[]): string {
  let rest = text.replace(/\r\n/g, '\n');
  let end: number;
  while ((end = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const frame: Frame = { event: 'message', data: '' };
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') frame.event = value;
      else if (field === 'id') frame.id = value;
      else if (field === 'data') frame.data += value;
    }
    if (frame.data || frame.event !== 'message') frames.push(frame);
  }
  return rest;
}

const sleep = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
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
    const handle = (frame: Frame) => {
      if (frame.id) lastEventId = frame.id;
      if (frame.event === LIVE_EVENT.change) void applyChange(dispatch, store.getState, JSON.parse(frame.data) as ChangeEvent);
      else if (frame.event === LIVE_EVENT.notification) dispatch(sectionApi.util.invalidateTags(['Notifications']));
      else if (frame.event === LIVE_EVENT.reset) dispatch(sectionApi.util.invalidateTags(['Notifications', SUMMARY_TAG, ...SECTIONS.map((s) => TAGS[s].list)]));
    };
    const run = async () => {
      let delay = 1000;
      while (!stop.signal.aborted) {
        const attempt = new AbortController();
        const abort = () => attempt.abort();
        stop.signal.addEventListener('abort', abort, { once: true });
        let watchdog: ReturnType<typeof setTimeout> | undefined;
        const feed = () => {
          clearTimeout(watchdog);
          watchdog = setTimeout(abort, LIVE_HEARTBEAT_MS * 3);
        };
        try {
          const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
          if (lastEventId) headers['Last-Event-ID'] = lastEventId;
          const res = await fetch(new Request(`${globalThis.location?.origin ?? ''}/api/events`, { headers, signal: attempt.signal, cache: 'no-store' }));
          if (res.status === 401) {
            dispatch(loggedOut('unauthorized'));
            return;
          }
          if (!res.ok || !res.body) throw new Error(`events: ${res.status}`);
          dispatch(streamOpened());
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
      dispatch(streamClosed());
    };
  }, [token, dispatch, store]);
}

/** The lists' poll period: none while the stream is open, the spec's period while it is down. */
export function useFallbackPolling(period: number | undefined): number | undefined {
  const connected = useAppSelector((s) => s.live.connected);
  return connected ? undefined : period;
}
