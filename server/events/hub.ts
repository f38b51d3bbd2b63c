// The live event hub of one app instance: it hears every committed change on the bus (the database announces
// each write as it commits, server/db/changes.ts; on PostgreSQL from every instance through LISTEN/NOTIFY) and
// sends each connected user the events of records that user may read (the section's read scope, its `own` predicate: a supplier's user hears of its own offers only).
// An event names the record, its version and the kind of change, never a field's value. The last RING events are
// kept for a reconnect's Last-Event-ID; one older than that (or from before this instance started) answers
// 'reset': the client reads everything again.
import type { ServerResponse } from 'node:http';
import type { Database } from '../db/client';
import type { Bus } from '../db/bus';
import { CHANGES_CHANNEL, NOTIFY_CHANNEL, eventsOf } from '../db/changes';
import type { AuthenticatedUser } from '../accounts/users';
import { findSessionUser } from '../accounts/sessions';
import { loadPermissions } from '../accounts/users';
import { readableByScope, readScope } from './audience';
import type { SectionSpec } from '../contract/section';
import { LIVE_EVENT, LIVE_MSG, type LiveEvent } from '../../domain/live';

/** Announced by the auth epoch's trigger at each move (migration 0017). */
const AUTH_EPOCH_CHANNEL = 'auth_epoch';
import type { Section } from '../../domain/sections';

/** Events kept for reconnects: a minute of a busy office's writes. */
export const RING = 1000;

export interface LiveClient {
  auth: AuthenticatedUser;
  token: string;
  res: ServerResponse;
  heartbeat?: NodeJS.Timeout;
}

const frame = (event: string, data: unknown, id?: string) => `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export class LiveHub {
  readonly clients = new Set<LiveClient>();
  private ring: LiveEvent[] = [];
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void)[] = [];

  private recheck: NodeJS.Timeout | null = null;

  constructor(private db: Database, private bus: Bus, private specs: Record<Section, SectionSpec>, private heartbeatMs: number,
    private caps: { perUser: number; perInstance: number } = { perUser: Infinity, perInstance: Infinity }) {}

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
    this.unsubscribe.push(this.bus.subscribe(AUTH_EPOCH_CHANNEL, () => {
      if (this.recheck) return;
      this.recheck = setTimeout(() => {
        this.recheck = null;
        for (const client of [...this.clients]) void this.beat(client);
      }, 50);
    }));
    this.unsubscribe.push(this.bus.subscribe(CHANGES_CHANNEL, (payload) => {
      const events = eventsOf(payload);
      if (!events.length) return;
      // one batch after the other: a client sees the events in the order they were published
      this.queue = this.queue.then(() => this.deliver(events)).catch(() => undefined);
    }));
    this.unsubscribe.push(this.bus.subscribe(NOTIFY_CHANNEL, (payload) => {
      let users: number[] = [];
      try {
        users = (JSON.parse(payload) as { users: number[] }).users;
      } catch {
        return;
      }
      for (const client of this.clients) if (users.includes(client.auth.user.id)) this.write(client, frame(LIVE_EVENT.notification, {}));
    }));
  }

  /** Which of these events each of these users may read, by audience: per section the users' read scopes, each
   * distinct one decided once (audience.ts: scope all without a query, every own scope in one query for the batch).
   * Users whose scopes are alike over every section of the batch share a key, and so the text of their frames. */
  private async readable(auths: AuthenticatedUser[], events: LiveEvent[]): Promise<{ key: string; may: (event: LiveEvent) => boolean }[]> {
    const sections = [...new Set(events.map((e) => e.section))];
    const keys: string[][] = auths.map(() => []);
    const bySection = new Map<Section, { keys: string[]; readable: Map<string, Set<number>> }>();
    for (const section of sections) {
      const spec = this.specs[section];
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

  /** The events as each user receives them (the record's name, version and kind, nothing of its fields), all of a
   * batch a client may read in one write to its stream. Each event's frame is made once, and the text of a batch
   * once per audience, whatever the number of streams. */
  private async deliver(events: LiveEvent[]) {
    // trimmed once per batch: trimming after each push moved the whole ring per event (5 000 imported offers)
    for (const event of events) this.ring.push(event);
    if (this.ring.length > RING) this.ring.splice(0, this.ring.length - RING);
    const clients = [...this.clients];
    if (!clients.length) return;
    const audiences = await this.readable(clients.map((c) => c.auth), events);
    const frames = events.map((event) => frame(LIVE_EVENT.change, publicEvent(event), event.eid));
    const texts = new Map<string, string>();
    clients.forEach((client, i) => {
      const { key, may } = audiences[i];
      let text = texts.get(key);
      if (text === undefined) {
        text = events.map((event, at) => (may(event) ? frames[at] : '')).join('');
        texts.set(key, text);
      }
      if (text) this.write(client, text);
    });
  }

  private write(client: LiveClient, text: string) {
    if (!client.res.writableEnded) client.res.write(text);
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
        for (const event of missed.filter(may)) this.write(client, frame(LIVE_EVENT.change, publicEvent(event), event.eid));
      }
    }
    this.clients.add(client);
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
    client.auth = { ...client.auth, user: session.user, permissions: await loadPermissions(this.db, session.user) };
    this.write(client, `: heartbeat\n\n`);
  }

  private drop(client: LiveClient) {
    if (client.heartbeat) clearInterval(client.heartbeat);
    this.clients.delete(client);
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

const publicEvent = (e: LiveEvent) => ({ section: e.section, id: e.id, version: e.version, kind: e.kind });
