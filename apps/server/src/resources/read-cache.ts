import type { Database } from '../db/client';

/**
 * What lists read again and again, cached per database: the count of each filter, and what the
 * rows of a page refer to (the names of sellers on a page of products). On a table of a million
 * rows, counting is most of a list's cost (every matching row is visited), while the page itself
 * reads a few index entries; and each lookup is a round trip.
 * - `invalidate()` voids everything at once: the engine calls it after each write has committed
 *   (writes of one area may change another's counts: an order changes products' stock), so a
 *   client always sees its own writes.
 * - What was computed while a write committed is not kept (the generation moved on).
 * - Writes this process does not see (another server on the same PostgreSQL, or SQL run by hand)
 *   show after at most FRESH_MS. An older count is answered once more while it is counted again
 *   in the background, so a busy list never waits for a recount.
 * - Concurrent requests for the same count share one query.
 * A transaction is a Database of its own here: reads inside a write never use the shared cache.
 */
export type ReadCache = {
  count(key: string, compute: () => Promise<number>): Promise<number>;
  /** Values by id (`scope` names what they are), fetching only the ids not remembered. */
  byId<V>(
    scope: string,
    ids: string[],
    fetch: (missing: string[]) => Promise<Map<string, V>>,
  ): Promise<Map<string, V>>;
  invalidate(): void;
};

const FRESH_MS = 5_000;
const MAX_ENTRIES = 10_000;
const caches = new WeakMap<Database, ReadCache>();

/** The cache of one database (tests and benchmarks open several in one process). */
export function readCacheOf(db: Database): ReadCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createReadCache();
    caches.set(db, cache);
  }
  return cache;
}

export function createReadCache(freshMs = FRESH_MS): ReadCache {
  let generation = 0;
  const entries = new Map<string, { value: unknown; at: number }>();
  const pending = new Map<string, Promise<number>>();
  const keep = (key: string, value: unknown) => {
    entries.delete(key);
    entries.set(key, { value, at: Date.now() });
    // The oldest entry goes first: a Map keeps insertion order.
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  };
  const recount = (key: string, compute: () => Promise<number>) => {
    const started = generation;
    const running = compute()
      .then((value) => {
        if (started === generation) keep(key, value);
        return value;
      })
      .finally(() => {
        if (pending.get(key) === running) pending.delete(key);
      });
    pending.set(key, running);
    return running;
  };
  return {
    count(key, compute) {
      const slot = `count:${key}`;
      const entry = entries.get(slot);
      if (!entry) return pending.get(slot) ?? recount(slot, compute);
      if (Date.now() - entry.at > freshMs && !pending.has(slot)) {
        // A failed background recount leaves the entry for the next request to try again.
        recount(slot, compute).catch(() => {});
      }
      return Promise.resolve(entry.value as number);
    },
    async byId<V>(scope: string, ids: string[], fetch: (missing: string[]) => Promise<Map<string, V>>) {
      const found = new Map<string, V>();
      const missing: string[] = [];
      const now = Date.now();
      for (const id of new Set(ids)) {
        const entry = entries.get(`${scope}:${id}`);
        if (entry && now - entry.at <= freshMs) found.set(id, entry.value as V);
        else missing.push(id);
      }
      if (missing.length === 0) return found;
      const started = generation;
      for (const [id, value] of await fetch(missing)) {
        found.set(id, value);
        if (started === generation) keep(`${scope}:${id}`, value);
      }
      return found;
    },
    invalidate() {
      generation += 1;
      entries.clear();
      pending.clear();
    },
  };
}
