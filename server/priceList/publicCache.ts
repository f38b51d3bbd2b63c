// The built price lists behind buyers' links, kept briefly per link: twenty holders of one link reloading
// took staff requests from 30 to 482 ms, each read building the whole list again. A list built for a link serves
// that link's reads while no record has changed since (the change generation every announced write moves,
// server/db/changes.ts, read with the link on each read, so a reserve or a new price shows at the next read on any
// instance) and for at most PUBLIC_CACHE_SECONDS; reads arriving while it is built wait for the same build. The
// link itself (revoked, expired, its creator's rights) is checked on every read, outside the cache.

/** Links whose lists are kept at once: the oldest kept goes first. */
const MAX_LISTS = 100;

export interface PublicListCache {
  /** The link's list kept at this change generation, or the one `build` makes (then kept). */
  get<T>(token: string, generation: string, build: () => Promise<T>): Promise<T>;
}

export function publicListCache(seconds: number): PublicListCache {
  const kept = new Map<string, { generation: string; until: number; list: Promise<unknown> }>();
  return {
    get<T>(token: string, generation: string, build: () => Promise<T>): Promise<T> {
      if (seconds <= 0) return build();
      const now = Date.now();
      const hit = kept.get(token);
      // the time bound also covers a write between its generation's move and its commit, built without it
      if (hit && hit.generation === generation && hit.until > now) return hit.list as Promise<T>;
      const list = build();
      const entry = { generation, until: now + seconds * 1000, list };
      kept.delete(token); // re-inserted last: the Map's order is the age the cap drops by
      kept.set(token, entry);
      // a failed build is not kept
      list.catch(() => {
        if (kept.get(token) === entry) kept.delete(token);
      });
      while (kept.size > MAX_LISTS) kept.delete(kept.keys().next().value as string);
      return list;
    },
  };
}
