/**
 * Who a bearer token belongs to, remembered for a few seconds (AUTH_CACHE_SECONDS, 5 by default). Finding out costs two queries (the
 * session or key with its user, then the permissions of their groups) on every request, which on a
 * busy list page is more than the page's own query. What may change the answer is forgotten at
 * once: the auth service clears this cache on every audited change of a session, user, group or
 * API key in this process (sign-in and out, revocation, password, deactivation, a group's
 * permissions, a disabled key). Changes made through another server on the same database, or by
 * hand in SQL, and expiries, show within the time it is remembered.
 */
const MAX_CALLERS = 10_000;

export function createCallerCache<T>(ttlMs: number) {
  let generation = 0;
  const entries = new Map<string, { value: T; until: number }>();
  return {
    /** The remembered answer for `key`, or `find()`'s (remembered unless null). */
    async remember(key: string, find: () => Promise<T | null>): Promise<T | null> {
      if (ttlMs <= 0) return find();
      const hit = entries.get(key);
      if (hit && hit.until > Date.now()) return hit.value;
      const started = generation;
      const value = await find();
      entries.delete(key);
      // A lookup that overlapped a change is answered but not kept: it may predate the change.
      if (value !== null && started === generation) {
        entries.set(key, { value, until: Date.now() + ttlMs });
        if (entries.size > MAX_CALLERS) entries.delete(entries.keys().next().value as string);
      }
      return value;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}
