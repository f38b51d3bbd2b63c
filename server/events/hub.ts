// The live event hub of one app instance: it hears every committed change on the bus (the database announces
// each write as it commits, server/db/changes.ts; on PostgreSQL from every instance through LISTEN/NOTIFY) and
// sends each connected user the events of records that user may read (the section's read scope, its `own` predicate: a supplier's user hears of its own offers only).
// An event names the record, its version and the kind of change. A stream may say which records of a section its
// open list pages show (PUT /api/events/{stream}/watch): a change of one of them (kind update or stock)
// then carries its row, read once per batch through the list's own SQL and cut to what that stream's user may see
// (the list's stripping), so the page puts it in place without a request; no other event carries a field's value.
// The last RING events are kept for a reconnect's Last-Event-ID (without rows); one older than that (or from
// before this instance started) answers 'reset': the client reads everything again.
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import type { Bus } from '../db/bus';
import { CHANGES_CHANNEL, NOTIFY_CHANNEL, eventsOf } from '../db/changes';
import type { AuthenticatedUser } from '../accounts/users';
import { findSessionUser } from '../accounts/sessions';
import { loadPermissions } from '../accounts/users';
import { readableByScope, readScope, stripKey, type WingAudience } from './audience';
import { audienceTexts, frame, publicEvent, rowsShown, withRowFrames } from './frames';
import { rowsOf, watchedRows, type LiveClient } from './watchedRows';
import type { SectionSpec } from '../contract/section';
import { LIVE_EVENT, LIVE_MSG, type LiveEvent, type LiveSection } from '../../domain/live';
import { isSection, type Section } from '../../domain/sections';

/** Announced by the auth epoch's trigger at each move (migration 0017). */
const AUTH_EPOCH_CHANNEL = 'auth_epoch';
/** A stream's watch sent to the instances (the one that holds the stream keeps it). */
const WATCH_CHANNEL = 'nutdesk_live_watch';

/** Events kept for reconnects: a minute of a busy office's writes. */
export const RING = 1000;

/** Events delivered in one batch at most: a 5 000-row import goes out in a few. */
const BATCH_MAX = 2000;

export type { LiveClient } from './watchedRows';

/** What a watch asks: the stream, its user, and the section's records its pages show (all of them, replacing the
 * last watch of the section). Also what the bus carries to the instance that holds the stream. */
export interface Watch {
  stream: string;
  user: number;
  section: Section;
  ids: number[];
}

/** Where the watch went: to a stream of this instance, to the instance that holds it (through the bus), or to no
 * stream of this user. */
export type Watched = 'kept' | 'forwarded' | 'unknown';

export class LiveHub {
  readonly clients = new Set<LiveClient>();
  private ring: LiveEvent[] = [];
  /** Events heard and not yet delivered, and the loop that delivers them (null when idle). */
  private pending: LiveEvent[] = [];
  private draining: Promise<void> | null = null;
  private unsubscribe: (() => void)[] = [];

  private recheck: NodeJS.Timeout | null = null;
  /** This instance's streams by id; an id starts with the instance's own prefix. */
  private streams = new Map<string, LiveClient>();
  private readonly prefix = randomBytes(4).toString('hex');

  constructor(
    private db: Database,
    private bus: Bus,
    private specs: Record<Section, SectionSpec>,
    private heartbeatMs: number,
    private caps: { perUser: number; perInstance: number } = { perUser: Infinity, perInstance: Infinity },
    /** The wings' records heard besides the sections' (a saved quote), each by its own audience. */
    private wings: readonly WingAudience[] = [],
  ) {}

  /** Who may hear of a kind of record: its section's spec, or the wing's own rule. */
  private audienceOf(section: LiveSection) {
    return isSection(section) ? this.specs[section] : this.wings.find((w) => w.section === section);
  }

  /** Why a new stream of this user is refused now (its tabs, or this instance, at the cap); null when it may open. */
  refusal(auth: AuthenticatedUser): string | null {
    if (this.clients.size >= this.caps.perInstance) return LIVE_MSG.perInstance;
    let own = 0;
    for (const client of this.clients) if (client.auth.user.id === auth.user.id) own++;
    return own >= this.caps.perUser ? LIVE_MSG.perUser(this.caps.perUser) : null;
  }

  start() {
    // a sign-out, a deactivation, a password or role change moves the auth epoch (by trigger, on every instance): every
    // stream's session and rights are checked again at once, not at its next heartbeat up to 15 s later
    this.unsubscribe.push(
      this.bus.subscribe(AUTH_EPOCH_CHANNEL, () => {
        if (this.recheck) return;
        this.recheck = setTimeout(() => {
          this.recheck = null;
          for (const client of [...this.clients]) void this.beat(client);
        }, 50);
      }),
    );
    this.unsubscribe.push(
      this.bus.subscribe(CHANGES_CHANNEL, (payload) => {
        const events = eventsOf(payload);
        if (!events.length) return;
        // one batch after the other: a client sees the events in the order they were published; the notifications
        // heard meanwhile (a bulk write's several, delivered at its commit) go out together as one batch
        this.pending.push(...events);
        this.draining ??= this.drain();
      }),
    );
    // a watch sent to another instance than the stream's: kept by the one that holds it
    this.unsubscribe.push(
      this.bus.subscribe(WATCH_CHANNEL, (payload) => {
        try {
          this.keep(JSON.parse(payload) as Watch);
        } catch {
          // not a watch
        }
      }),
    );
    this.unsubscribe.push(
      this.bus.subscribe(NOTIFY_CHANNEL, (payload) => {
        let users: number[] = [];
        try {
          users = (JSON.parse(payload) as { users: number[] }).users;
        } catch {
          return;
        }
        for (const client of this.clients)
          if (users.includes(client.auth.user.id)) this.write(client, frame(LIVE_EVENT.notification, {}));
      }),
    );
  }

  /** Which of these events each of these users may read, by audience: per section the users' read scopes, each
   * distinct one decided once (audience.ts: scope all without a query, every own scope in one query for the batch).
   * Users whose scopes are alike over every section of the batch share a key, and so the text of their frames. */
  private async readable(
    auths: AuthenticatedUser[],
    events: LiveEvent[],
  ): Promise<{ key: string; may: (event: LiveEvent) => boolean }[]> {
    const sections = [...new Set(events.map((e) => e.section))];
    const keys: string[][] = auths.map(() => []);
    const bySection = new Map<LiveSection, { keys: string[]; readable: Map<string, Set<number>> }>();
    for (const section of sections) {
      const spec = this.audienceOf(section);
      if (!spec) continue;
      const scopes = auths.map((auth) => readScope(spec, auth));
      const ids = [...new Set(events.filter((e) => e.section === section).map((e) => e.id))];
      const readable = await readableByScope(this.db, spec, ids, scopes).catch(() => new Map<string, Set<number>>());
      bySection.set(section, { keys: scopes.map((s) => s.key), readable });
      scopes.forEach((scope, i) => keys[i].push(`${section}:${scope.key}`));
    }
    return auths.map((auth, i) => ({
      key: keys[i].join('\n'),
      may: (event: LiveEvent) => {
        const of = bySection.get(event.section);
        return Boolean(of?.readable.get(of.keys[i])?.has(event.id));
      },
    }));
  }

  /** Delivers what is pending, BATCH_MAX events a batch, until nothing is. */
  private async drain() {
    // the rest of a commit's notifications arrive in the same turn: let them join the batch
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.length) {
      const events = this.pending.splice(0, BATCH_MAX);
      await this.deliver(events).catch(() => undefined);
    }
    this.draining = null;
  }

  /** The events as each user receives them, all of a batch a client may read in one write to its stream. Each
   * event's frame is made once, and the text of a batch once per audience, whatever the number of streams; a
   * stream that watches changed records gets their frames with their rows (`rowsOf`). */
  private async deliver(events: LiveEvent[]) {
    // trimmed once per batch: trimming after each push moved the whole ring per event (5 000 imported offers)
    for (const event of events) this.ring.push(event);
    if (this.ring.length > RING) this.ring.splice(0, this.ring.length - RING);
    const clients = [...this.clients];
    if (!clients.length) return;
    // who may read what, and the rows the streams watch, asked at once; while the rows (the longer read: the
    // list's SQL) are read, each audience's text is made and each watching stream's stripping named
    const rowsRead = watchedRows(this.db, this.specs, clients, events).catch(
      () => new Map<Section, Map<number, Record<string, unknown>>>(),
    );
    const audiences = await this.readable(
      clients.map((c) => c.auth),
      events,
    );
    const frames = events.map((event) => Buffer.from(frame(LIVE_EVENT.change, publicEvent(event), event.eid)));
    const shared = audienceTexts(events, frames, audiences);
    // the strippings (audience.ts stripKey, kept by permissions) as rowsOf will ask them, of the list's columns
    const changed = new Set<LiveSection>(events.filter(rowsShown).map((e) => e.section));
    for (const client of clients) {
      for (const section of client.watched?.keys() ?? []) {
        const spec = this.specs[section];
        if (spec && changed.has(section)) stripKey(client.auth.permissions, spec, Object.keys(spec.columns));
      }
    }
    const withRows = rowsOf(this.specs, clients, audiences, events, await rowsRead);
    const withRowsTexts = new Map<string, Buffer>();
    clients.forEach((client, i) => {
      const { key } = audiences[i];
      const rows = withRows[i];
      if (!rows) {
        this.write(client, shared[i].text);
        return;
      }
      // the audience's frames, each event with a row swapped for its frame with the row (streams alike in both
      // share the text)
      const textKey = `${key}\n${rows.key}\n${rows.frames.map(([e]) => e).join(',')}`;
      let text = withRowsTexts.get(textKey);
      if (!text) withRowsTexts.set(textKey, (text = withRowFrames(shared[i], frames, rows.frames)));
      this.write(client, text);
    });
  }

  /** A stream's watch of a section: kept by this instance when the stream is one of its own, sent through the bus
   * to the others when it is not (an id of another instance's prefix). */
  async watch(watch: Watch): Promise<Watched> {
    if (this.keep(watch)) return 'kept';
    if (watch.stream.startsWith(`${this.prefix}.`)) return 'unknown';
    await this.bus.publish(WATCH_CHANNEL, JSON.stringify(watch));
    return 'forwarded';
  }

  /** Keeps a watch of one of this instance's streams of that user; false when there is none. */
  private keep({ stream, user, section, ids }: Watch): boolean {
    const client = typeof stream === 'string' ? this.streams.get(stream) : undefined;
    if (!client || client.auth.user.id !== user || !isSection(section) || !Array.isArray(ids)) return false;
    client.watched ??= new Map();
    if (ids.length) client.watched.set(section, new Set(ids.map(Number)));
    else client.watched.delete(section);
    return true;
  }

  /** A new stream's id: this instance's prefix, then 16 random bytes (a watch cannot name another's stream by
   * guessing, and must come from its user). */
  newStreamId(): string {
    return `${this.prefix}.${randomBytes(16).toString('base64url')}`;
  }

  private write(client: LiveClient, text: string | Buffer) {
    // never an empty chunk: in a chunked answer it would read as the end
    if (text.length && !client.res.writableEnded) client.res.write(text);
  }

  /** A new stream: what was missed since `lastEventId` first (or 'reset'), then every event as it comes. */
  async connect(client: LiveClient, lastEventId: string | undefined) {
    this.write(client, `retry: 2000\n\n`);
    if (lastEventId) {
      const at = this.ring.findIndex((e) => e.eid === lastEventId);
      if (at < 0) this.write(client, frame(LIVE_EVENT.reset, {}));
      else {
        const missed = this.ring.slice(at + 1);
        const [{ may }] = await this.readable([client.auth], missed);
        for (const event of missed.filter(may))
          this.write(client, frame(LIVE_EVENT.change, publicEvent(event), event.eid));
      }
    }
    this.clients.add(client);
    if (client.id) this.streams.set(client.id, client);
    client.heartbeat = setInterval(() => void this.beat(client), this.heartbeatMs);
    client.res.on('close', () => this.drop(client));
  }

  /** A heartbeat comment keeps proxies from closing an idle stream; the session is checked again with it (a
   * signed-out or deactivated account's stream ends, a role's new rights apply). */
  private async beat(client: LiveClient) {
    const session = await findSessionUser(this.db, client.token).catch(() => null);
    if (!session || session.user.status !== 'active') {
      client.res.end();
      this.drop(client);
      return;
    }
    // the database may go away between the two reads (the instance closing, a failover): a rejection here would be
    // unhandled, which ends a Node process; the stream keeps its rights until the next beat reads them
    const permissions = await loadPermissions(this.db, session.user).catch(() => null);
    if (!permissions) return;
    client.auth = { ...client.auth, user: session.user, permissions };
    this.write(client, `: heartbeat\n\n`);
  }

  private drop(client: LiveClient) {
    if (client.heartbeat) clearInterval(client.heartbeat);
    this.clients.delete(client);
    if (client.id && this.streams.get(client.id) === client) this.streams.delete(client.id);
  }

  /** The app closes: every stream ends (the browser reconnects to another instance). */
  close() {
    for (const u of this.unsubscribe) u();
    if (this.recheck) clearTimeout(this.recheck);
    for (const client of [...this.clients]) {
      client.res.end();
      this.drop(client);
    }
  }
}
