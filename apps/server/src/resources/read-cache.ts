import type { Database } from '../db/client';

/**
 * What lists read again and again, cached per database: the count of each filter, what the rows of
 * a page refer to (the names of sellers on a page of products), and whole pages of the lists that
 * ask for it (a catalogue read far more often than it is written). On a table of a million
 * rows, counting is most of a list's cost (every matching row is visited), while the page itself
 * reads a few index entries; and each lookup is a round trip.
 * - `invalidate()` voids everything at once: the engine calls it after each write has committed
 *   (writes of one area may change another's counts: an order changes products' stock), so a
 *   client always sees its own writes.
 * - What was computed while a write committed is not kept (the generation moved on).
 * - Writes this process does not see (another server on the same PostgreSQL, or SQL run by hand)
 *   show after at most FRESH_MS. An older count (or page) is answered once more while it is
 *   computed again in the background, so a busy list never waits for a recount.
 * - Concurrent requests for the same count (or page) share one computation.
 * A transaction is a Database of its own here: reads inside a write never use the shared cache.
 */
export type ReadCache = {
  count(key: string, compute: () => Promise<number>): Promise<number>;
  /** A list page as it was sent (JSON), for the lists that keep their pages (`cachePages`). */
  page(key: string, compute: () => Promise<string>): Promise<string>;
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
// Pages are larger (tens of kilobytes): fewer of them are kept.
const MAX_PAGES = 200;
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
  const pages = new Map<string, { value: unknown; at: number }>();
  const pending = new Map<string, Promise<unknown>>();
  const keep = (map: typeof entries, max: number, key: string, value: unknown) => {
    map.delete(key);
    map.set(key, { value, at: Date.now() });
    // The oldest entry goes first: a Map keeps insertion order.
    if (map.size > max) map.delete(map.keys().next().value as string);
  };
  /** Fresh: answered; older: answered once more while computed again in the background. */
  const remember = <T>(
    map: typeof entries,
    max: number,
    key: string,
    compute: () => Promise<T>,
  ): Promise<T> => {
    const again = () => {
      const started = generation;
      const running = compute()
        .then((value) => {
          if (started === generation) keep(map, max, key, value);
          return value;
        })
        .finally(() => {
          if (pending.get(key) === running) pending.delete(key);
        });
      pending.set(key, running);
      return running;
    };
    const entry = map.get(key);
    if (!entry) return (pending.get(key) as Promise<T> | undefined) ?? again();
    if (Date.now() - entry.at > freshMs && !pending.has(key)) {
      // A failed background computation leaves the entry for the next request to try again.
      again().catch(() => {});
    }
    return Promise.resolve(entry.value as T);
  };
  return {
    count: (key, compute) => remember(entries, MAX_ENTRIES, `count:${key}`, compute),
    page: (key, compute) => remember(pages, MAX_PAGES, `page:${key}`, compute),
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
        if (started === generation) keep(entries, MAX_ENTRIES, `${scope}:${id}`, value);
      }
      return found;
    },
    invalidate() {
      generation += 1;
      entries.clear();
      pages.clear();
      pending.clear();
    },
  };
}
